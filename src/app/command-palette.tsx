import { useRouter } from '@tanstack/react-router';
import { accountCommands, can } from '../features/auth';
import { collectCommands, type CommandSource, CommandPalette } from '../features/command-palette';
import { i18n, settingCommands } from '../features/settings';
import { shortcutCommands } from '../features/shortcuts';
import { pageCommands } from './routing/page-commands';

/** The palette's one list: a domain that offers commands adds its source here. */
const COMMAND_SOURCES: readonly CommandSource[] = [pageCommands, settingCommands, accountCommands, shortcutCommands];

const loadEnglish = () =>
  i18n()
    .english()
    .then((loaded) => loaded.messages);

export function AppCommandPalette(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const commands = props.open ? collectCommands(COMMAND_SOURCES, { router }, can) : [];
  return <CommandPalette {...props} commands={commands} loadEnglish={loadEnglish} />;
}
