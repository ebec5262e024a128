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

// A key pressed in a field is text or a choice; in a dialog or menu it is theirs (a menu's type-ahead, say).
const KEYS_TAKEN_BY =
  'input:not([type=button],[type=checkbox],[type=color],[type=file],[type=image],[type=radio],[type=range],[type=reset],[type=submit]),textarea,select,[contenteditable]:not([contenteditable=false]),[role=dialog],[role=alertdialog],[role=menu]';

export const keysTakenAt = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest(KEYS_TAKEN_BY) !== null;
