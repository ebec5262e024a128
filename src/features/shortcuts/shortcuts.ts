export interface Shortcut {
  /** As aria-keyshortcuts spells it. */
  keys: string;
  labelKey: string;
  /** None for a key the dialogs and menus handle themselves. */
  matches?: (event: KeyboardEvent) => boolean;
}

/** Every keyboard shortcut of the app: the dialog lists them, controls carry them and the listeners match them. */
export const SHORTCUTS = {
  palette: {
    keys: 'Control+K Meta+K',
    labelKey: 'snxt.shortcuts.palette',
    matches: (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && (event.key === 'k' || event.code === 'KeyK'),
  },
  shortcuts: {
    keys: '?',
    labelKey: 'snxt.shortcuts.show',
    // Whatever key a layout types it with, but never as part of another shortcut.
    matches: (event: KeyboardEvent) => event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey,
  },
  close: { keys: 'Escape', labelKey: 'snxt.shortcuts.close' },
} as const satisfies Record<string, Shortcut>;

const NOT_TYPED_INTO = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return true;
  }
  return target instanceof HTMLInputElement && !NOT_TYPED_INTO.has(target.type);
}
