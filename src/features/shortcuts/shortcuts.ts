import { PALETTE_SHORTCUT } from './palette-shortcut';

export const HELP_SHORTCUT = {
  keys: '?',
  matches: (event: KeyboardEvent) => event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey,
};

/** Every keyboard shortcut, as aria-keyshortcuts spells it: the dialog lists them, controls carry them. */
export const SHORTCUTS: readonly { keys: string; labelKey: string }[] = [
  { keys: PALETTE_SHORTCUT.keys, labelKey: 'snxt.shortcuts.palette' },
  { keys: HELP_SHORTCUT.keys, labelKey: 'snxt.shortcuts.show' },
  { keys: 'Escape', labelKey: 'snxt.shortcuts.close' },
];

// Only a text field takes the key (a switch in a dialog does not); `type` reads "text" when missing or unknown.
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);
const DATE_INPUT_TYPES = new Set(['date', 'datetime-local', 'month', 'time', 'week']);

function isTextField(element: Element): boolean {
  if (element instanceof HTMLInputElement)
    return TEXT_INPUT_TYPES.has(element.type) || DATE_INPUT_TYPES.has(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  const editable = element.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable')?.toLowerCase() !== 'false';
}

export const keysTakenAt = (target: EventTarget | null): boolean => target instanceof Element && isTextField(target);
