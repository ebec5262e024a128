// The command palette (cmdk in a Radix dialog, loaded on first use) and the shape of a command other domains offer.
export { collectCommands, type Command, type CommandGroup, type CommandSource } from './commands';
export { CommandPaletteButton } from './palette-button';
export { CommandPalette } from './palette-dialog';
