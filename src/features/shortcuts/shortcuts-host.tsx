import { lazy, Suspense, useEffect, useState } from 'react';
import { runningSlot } from '../../lib/running-slot';
import { HELP_SHORTCUT, keysTakenAt } from './shortcuts';

const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((module) => ({ default: module.ShortcutsDialog })),
);

const opener = /* @__PURE__ */ runningSlot<() => void>('The keyboard shortcuts dialog');

export const openShortcuts = (): void => opener.peek()?.();

export function ShortcutsHost() {
  const [open, setOpen] = useState<boolean>();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!HELP_SHORTCUT.matches(event) || keysTakenAt(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    const stop = opener.run(() => setOpen(true));
    return () => {
      stop();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  if (open === undefined) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
