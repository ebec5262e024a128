// The keyboard shortcuts: one table for the dialog that lists them, the controls that carry them and their listeners.
export { PALETTE_SHORTCUT } from './palette-shortcut';
export { shortcutCommands } from './shortcut-commands';
export { ShortcutsSlot } from './shortcuts-slot';
