// The keyboard shortcuts: one table for the dialog that lists them, the controls that carry them and their listeners.
export { SHORTCUTS } from './shortcuts';
export { shortcutCommands } from './shortcut-commands';
export { ShortcutsHost } from './shortcuts-host';
