import * as Dialog from '@radix-ui/react-dialog';
import { Fragment, useState } from 'react';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { CloseIcon } from '../../components/ui/svg-icons';
import { useT } from '../../i18n/use-t';
import { SHORTCUTS } from './shortcuts';

const KEY_CAPS: Record<string, string> = { Control: 'Ctrl', Meta: '⌘' };

function applePlatform(): boolean {
  const { platform, userAgentData } = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad|ipod/i.test(userAgentData?.platform || platform || '');
}

function keysShown(keys: string, apple: boolean): string[] {
  const combinations = keys.split(' ');
  const combination = combinations.find((each) => each.startsWith('Meta+') === apple) ?? combinations[0] ?? '';
  return combination.split('+').map((key) => KEY_CAPS[key] ?? key);
}

const KEY_CAP = 'rounded-md border border-border bg-surface-raised px-2 py-0.5 text-center text-sm';

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const [apple] = useState(applePlatform);
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      className="fixed inset-x-2 top-[10vh] z-50 mx-auto max-w-md rounded-2xl border border-border bg-surface p-6 text-text shadow-2xl"
    >
      <div className="flex items-center justify-between gap-4">
        <Dialog.Title className="text-lg font-bold">{t('snxt.shortcuts.title')}</Dialog.Title>
        <Dialog.Close
          aria-label={t('snxt.shortcuts.dismiss')}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-surface-raised"
        >
          <CloseIcon width={20} height={20} />
        </Dialog.Close>
      </div>
      <dl className="mt-4 divide-y divide-border">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys} className="flex items-center justify-between gap-6 py-3">
            <dt>{t(shortcut.labelKey)}</dt>
            <dd dir="ltr" className="flex shrink-0 items-center gap-1">
              {keysShown(shortcut.keys, apple).map((key, index) => (
                <Fragment key={key}>
                  {index > 0 && !apple && '+'}
                  <kbd className={KEY_CAP}>{key}</kbd>
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
