import * as Dialog from '@radix-ui/react-dialog';
import { Command as Cmdk, defaultFilter, useCommandState } from 'cmdk';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SearchIcon } from '../../components/ui/icons';
import type { Messages } from '../../i18n/load-messages';
import { useT } from '../../i18n/use-t';
import { i18n } from '../../state/app-state';
import { COMMAND_GROUPS, type Command, type CommandGroup } from '../../state/commands';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands: readonly Command[];
}

const GROUP_KEYS: Record<CommandGroup, string> = {
  pages: 'snxt.palette.pages',
  theme: 'snxt.settings.theme',
  language: 'snxt.settings.language',
  preferences: 'snxt.palette.preferences',
  account: 'snxt.palette.account',
};

// Items are told apart by id; they are found by the words listed with them, label first.
const byWords = (_id: string, search: string, words: string[] = []) => defaultFilter(words.join(' '), search);

function useEnglish(): Messages {
  const [english, setEnglish] = useState<Messages>({});
  useEffect(() => {
    let live = true;
    void i18n.english().then((loaded) => live && setEnglish(loaded.messages));
    return () => {
      live = false;
    };
  }, []);
  return english;
}

// cmdk 1.1.1 leaves aria-activedescendant unset at first and stale after filtering (dip/cmdk#373): set it here.
function PaletteInput({ placeholder }: { placeholder: string }) {
  const selected = useCommandState((state) => state.value);
  const ref = useRef<HTMLInputElement>(null);
  const [activeId, setActiveId] = useState<string>();
  useLayoutEffect(() => {
    const items = ref.current?.closest('[cmdk-root]')?.querySelectorAll('[cmdk-item]') ?? [];
    setActiveId([...items].find((item) => item.getAttribute('data-value') === selected)?.id);
  }, [selected]);
  return (
    <Cmdk.Input asChild>
      <input
        ref={ref}
        aria-activedescendant={activeId}
        placeholder={placeholder}
        className="h-14 w-full min-w-0 bg-transparent text-base text-text outline-none placeholder:text-muted"
      />
    </Cmdk.Input>
  );
}

export function CommandPalette({ open, onOpenChange, commands }: CommandPaletteProps) {
  const t = useT();
  const english = useEnglish();
  const returnTo = useRef<Element | null>(null);
  const chosen = useRef<Command | null>(null);

  const words = (command: Command, groupKey: string) => [
    command.label?.text ?? t(command.labelKey ?? ''),
    ...(command.labelKey ? [english[command.labelKey] ?? ''] : []),
    t(groupKey),
    english[groupKey] ?? '',
    ...(command.keywords ?? []),
  ];
  const choose = (command: Command) => {
    chosen.current = command;
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock injects a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-modal="true"
          aria-describedby={undefined}
          onOpenAutoFocus={() => (returnTo.current = document.activeElement)}
          onCloseAutoFocus={(event) => {
            if (open) return;
            event.preventDefault();
            if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
            chosen.current?.run();
            chosen.current = null;
          }}
          className="fixed inset-x-2 top-[10vh] z-50 mx-auto flex max-h-[80vh] max-w-xl flex-col overflow-hidden rounded-2xl border border-border bg-surface text-text shadow-2xl"
        >
          <Dialog.Title className="sr-only">{t('snxt.palette.title')}</Dialog.Title>
          <Cmdk label={t('snxt.palette.input')} filter={byWords} vimBindings={false} className="flex min-h-0 flex-col">
            <div className="flex items-center gap-3 border-b-2 border-border px-4 focus-within:border-primary">
              <SearchIcon className="shrink-0 text-muted" />
              <PaletteInput placeholder={t('snxt.palette.input')} />
            </div>
            <Cmdk.List label={t('snxt.palette.commands')} className="overflow-y-auto overscroll-contain p-2">
              <Cmdk.Empty className="px-3 py-6 text-center text-muted">{t('snxt.palette.empty')}</Cmdk.Empty>
              {COMMAND_GROUPS.map((group) => [group, commands.filter((command) => command.group === group)] as const)
                .filter(([, inGroup]) => inGroup.length > 0)
                .map(([group, inGroup]) => (
                  <Cmdk.Group
                    key={group}
                    value={group}
                    heading={
                      <span className="block px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-primary uppercase">
                        {t(GROUP_KEYS[group])}
                      </span>
                    }
                  >
                    {inGroup.map((command) => (
                      <Cmdk.Item
                        key={command.id}
                        value={command.id}
                        keywords={words(command, GROUP_KEYS[group])}
                        onSelect={() => choose(command)}
                        className="flex cursor-pointer items-center rounded-lg px-3 py-2 select-none data-[selected=true]:bg-surface-raised data-[selected=true]:text-primary"
                      >
                        {command.label ? (
                          <span lang={command.label.lang}>{command.label.text}</span>
                        ) : (
                          t(command.labelKey ?? '')
                        )}
                      </Cmdk.Item>
                    ))}
                  </Cmdk.Group>
                ))}
            </Cmdk.List>
          </Cmdk>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
