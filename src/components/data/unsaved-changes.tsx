import { useBlocker } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { ConfirmDialog } from './confirm-dialog';

interface Asking {
  discard: () => void;
  keep: () => void;
}

/** While `hasChanges()`, leaving (a link, back, the palette) asks "Discard changes?", closing the tab asks through the
 * browser; `confirmDiscard` asks the same before something else would replace the changes. */
export function useUnsavedChanges(hasChanges: () => boolean): {
  dialog: ReactNode;
  confirmDiscard: (then: () => void) => void;
} {
  const t = useT();
  const latest = useRef(hasChanges);
  useLayoutEffect(() => {
    latest.current = hasChanges;
  });
  const [local, setLocal] = useState<Asking | null>(null);
  const shouldBlockFn = useCallback(() => latest.current(), []);
  const enableBeforeUnload = useCallback(() => latest.current(), []);
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true });

  const asking: Asking | null =
    blocker.status === 'blocked' ? { discard: () => blocker.proceed(), keep: () => blocker.reset() } : local;
  const confirmDiscard = useCallback((then: () => void) => {
    if (!latest.current()) return then();
    setLocal({ discard: then, keep: () => undefined });
  }, []);

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={t('snxt.data.discard.title')}
      description={t('snxt.data.discard.text')}
      confirmLabel={t('snxt.data.discard.confirm')}
      cancelLabel={t('snxt.data.discard.cancel')}
      onConfirm={() => {
        setLocal(null);
        asking?.discard();
      }}
      onCancel={() => {
        setLocal(null);
        asking?.keep();
      }}
    />
  );
  return { dialog, confirmDiscard };
}
