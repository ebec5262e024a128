import { useRouter } from '@tanstack/react-router';
import { accountCommands } from '../features/auth/account-commands';
import { CommandPalette } from '../features/command-palette/palette-dialog';
import { settingCommands } from '../features/settings/setting-commands';
import { collectCommands, type CommandSource } from '../features/command-palette/commands';
import { pageCommands } from './routing/page-commands';

/** The palette's one list: a feature that offers commands adds its source here. */
const COMMAND_SOURCES: readonly CommandSource[] = [pageCommands, settingCommands, accountCommands];

export function AppCommandPalette(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  return <CommandPalette {...props} commands={props.open ? collectCommands(COMMAND_SOURCES, { router }) : []} />;
}
