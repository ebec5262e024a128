import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { ModalDialog } from '../../components/ui/modal-dialog';
import type { Messages } from '../../i18n/load-messages';
import { useT } from '../../i18n/use-t';
import type { Command } from './commands';
import { CommandList } from './command-list';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands: readonly Command[];
  loadEnglish: () => Promise<Messages>;
}

export function CommandPalette({ open, onOpenChange, commands, loadEnglish }: CommandPaletteProps) {
  const t = useT();
  const chosen = useRef<Command | null>(null);
  const choose = (command: Command) => {
    chosen.current = command;
    onOpenChange(false);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => {
        chosen.current?.run();
        chosen.current = null;
      }}
      className="fixed inset-x-2 top-[10vh] z-50 mx-auto flex max-h-[80vh] max-w-xl flex-col overflow-hidden rounded-2xl border border-border bg-surface text-text shadow-2xl"
    >
      <Dialog.Title className="sr-only">{t('snxt.palette.title')}</Dialog.Title>
      <CommandList commands={commands} onChoose={choose} loadEnglish={loadEnglish} />
    </ModalDialog>
  );
}
