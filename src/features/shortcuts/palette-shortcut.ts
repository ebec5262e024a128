// The toolbar's row of the table (shortcuts.ts), in a module of its own: the first load takes no other.
export const PALETTE_SHORTCUT = {
  keys: 'Control+K Meta+K',
  matches: (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && (event.key === 'k' || event.code === 'KeyK'),
};
