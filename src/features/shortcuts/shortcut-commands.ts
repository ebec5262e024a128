import type { CommandSource } from '../command-palette';
import { SHORTCUTS } from './shortcuts';
import { openShortcuts } from './shortcuts-host';

export const shortcutCommands: CommandSource = () => [
  {
    id: 'help.shortcuts',
    group: 'help',
    labelKey: 'snxt.shortcuts.title',
    keyshortcuts: SHORTCUTS.shortcuts.keys,
    run: openShortcuts,
  },
];
