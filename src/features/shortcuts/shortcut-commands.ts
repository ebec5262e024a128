import type { CommandSource } from '../command-palette';
import { HELP_SHORTCUT } from './shortcuts';
import { openShortcuts } from './shortcuts-host';

export const shortcutCommands: CommandSource = () => [
  {
    id: 'help.shortcuts',
    group: 'help',
    labelKey: 'snxt.shortcuts.title',
    keyshortcuts: HELP_SHORTCUT.keys,
    run: openShortcuts,
  },
];
