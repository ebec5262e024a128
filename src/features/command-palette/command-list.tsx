import { Command as Cmdk, useCommandState } from 'cmdk';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { SearchIcon, SvgIcon } from '../../components/ui/svg-icons';
import type { Messages } from '../../i18n/load-messages';
import { useT } from '../../i18n/use-t';
import type { Command, CommandGroup } from './commands';
import { rankCommands } from './rank-commands';

const GROUP_KEYS: Record<CommandGroup, string> = {
  pages: 'snxt.palette.pages',
  theme: 'snxt.settings.theme',
  language: 'snxt.settings.language',
  preferences: 'snxt.palette.preferences',
  account: 'snxt.palette.account',
  help: 'snxt.palette.help',
};

const CHECK = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';

function useEnglish(loadEnglish: () => Promise<Messages>): Messages {
  const [english, setEnglish] = useState<Messages>({});
  useEffect(() => {
    let live = true;
    void loadEnglish().then((messages) => live && setEnglish(messages));
    return () => {
      live = false;
    };
  }, [loadEnglish]);
  return english;
}

// cmdk 1.1.1 leaves aria-activedescendant unset at first and stale after filtering (dip/cmdk#373): set it here.
function SearchInput({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const t = useT();
  const selected = useCommandState((state) => state.value);
  const ref = useRef<HTMLInputElement>(null);
  const [activeId, setActiveId] = useState<string>();
  useLayoutEffect(() => {
    const items = ref.current?.closest('[cmdk-root]')?.querySelectorAll('[cmdk-item]') ?? [];
    setActiveId([...items].find((item) => item.getAttribute('data-value') === selected)?.id);
  }, [selected]);
  return (
    <div className="flex items-center gap-3 border-b-2 border-border px-4 focus-within:border-primary">
      <SearchIcon className="shrink-0 text-muted" />
      <Cmdk.Input asChild value={search} onValueChange={onSearch}>
        <input
          ref={ref}
          aria-activedescendant={activeId}
          placeholder={t('snxt.palette.input')}
          className="h-14 w-full min-w-0 bg-transparent text-base text-text outline-none placeholder:text-muted"
        />
      </Cmdk.Input>
    </div>
  );
}

/** Ranked here, not by cmdk: its own sort keeps groups in place (a weak match in an early group would be active). */
export function CommandList({
  commands,
  onChoose,
  loadEnglish,
}: {
  commands: readonly Command[];
  onChoose: (command: Command) => void;
  /** Commands are found by their English names in every language. */
  loadEnglish: () => Promise<Messages>;
}) {
  const t = useT();
  const english = useEnglish(loadEnglish);
  const [search, setSearch] = useState('');
  const currentId = useId();
  const labelOf = (command: Command) => {
    if (command.label) return command.label.text;
    const args = Object.entries(command.labelArgs ?? {}).map(([name, id]) => [name, t(id)]);
    return t(command.labelKey ?? '', Object.fromEntries(args));
  };
  const wordsOf = (command: Command) => {
    const key = GROUP_KEYS[command.group];
    const englishLabel = command.labelArgs ? Object.values(command.labelArgs) : [command.labelKey];
    const translated = [key, command.keywordsKey].flatMap((id) => (id ? [t(id), english[id]] : []));
    return [
      labelOf(command),
      ...englishLabel.map((id) => (id ? english[id] : undefined)),
      ...translated,
      ...(command.keywords ?? []),
    ].join(' ');
  };

  return (
    <Cmdk label={t('snxt.palette.input')} shouldFilter={false} vimBindings={false} className="flex min-h-0 flex-col">
      <SearchInput search={search} onSearch={setSearch} />
      <span id={currentId} hidden>
        {t('snxt.palette.current')}
      </span>
      <Cmdk.List label={t('snxt.palette.commands')} className="overflow-y-auto overscroll-contain p-2">
        <Cmdk.Empty className="px-3 py-6 text-center text-muted">{t('snxt.palette.empty')}</Cmdk.Empty>
        {rankCommands(commands, search, wordsOf).map(({ group, commands: found }) => (
          <Cmdk.Group
            key={group}
            value={group}
            heading={
              <span className="block px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-primary uppercase">
                {t(GROUP_KEYS[group])}
              </span>
            }
          >
            {found.map((command) => (
              <Cmdk.Item
                key={command.id}
                value={command.id}
                aria-keyshortcuts={command.keyshortcuts}
                onSelect={() => onChoose(command)}
                aria-describedby={command.current ? currentId : undefined}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 select-none data-[selected=true]:bg-surface-raised data-[selected=true]:text-primary"
              >
                <span lang={command.label?.lang} className="min-w-0 flex-1">
                  {labelOf(command)}
                </span>
                {command.current && <SvgIcon path={CHECK} width={20} height={20} className="shrink-0" />}
              </Cmdk.Item>
            ))}
          </Cmdk.Group>
        ))}
      </Cmdk.List>
    </Cmdk>
  );
}
