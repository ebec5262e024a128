import { describe, expect, it } from 'vitest';
import { SHORTCUTS, typingIn } from './shortcuts';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('the table of shortcuts', () => {
  it('names each by aria-keyshortcuts and says what it does', () => {
    expect(Object.values(SHORTCUTS).map(({ keys, labelKey }) => [keys, labelKey])).toEqual([
      ['Control+K Meta+K', 'snxt.shortcuts.palette'],
      ['?', 'snxt.shortcuts.show'],
      ['Escape', 'snxt.shortcuts.close'],
    ]);
  });

  it('matches Ctrl+K and ⌘K, on any layout', () => {
    const { matches } = SHORTCUTS.palette;
    expect(matches(key({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(matches(key({ key: 'k', metaKey: true }))).toBe(true);
    expect(matches(key({ key: 'л', code: 'KeyK', ctrlKey: true }))).toBe(true);
    expect(matches(key({ key: 'k' }))).toBe(false);
    expect(matches(key({ key: 'j', ctrlKey: true }))).toBe(false);
  });

  it('matches ? however a layout types it, but not with Ctrl, ⌘ or Alt', () => {
    const { matches } = SHORTCUTS.shortcuts;
    expect(matches(key({ key: '?', shiftKey: true, code: 'Slash' }))).toBe(true);
    expect(matches(key({ key: '?', shiftKey: true, code: 'Minus' }))).toBe(true);
    expect(matches(key({ key: '?', ctrlKey: true }))).toBe(false);
    expect(matches(key({ key: '?', metaKey: true }))).toBe(false);
    expect(matches(key({ key: '?', altKey: true }))).toBe(false);
    expect(matches(key({ key: '/', code: 'Slash' }))).toBe(false);
  });
});

describe('typing in a field', () => {
  const element = (html: string) => {
    const holder = document.createElement('div');
    holder.innerHTML = html;
    return holder.firstElementChild;
  };

  it.each([
    '<input>',
    '<input type="search">',
    '<input type="email">',
    '<input type="number">',
    '<input type="password">',
    '<textarea></textarea>',
    '<select><option>A</option></select>',
    '<div contenteditable="true"></div>',
  ])('is what a key pressed in %s is for', (html) => {
    const field = element(html) as HTMLElement;
    if (html.includes('contenteditable')) Object.defineProperty(field, 'isContentEditable', { value: true });
    expect(typingIn(field)).toBe(true);
  });

  it.each([
    '<input type="checkbox">',
    '<input type="radio">',
    '<button>b</button>',
    '<a href="/">a</a>',
    '<div></div>',
  ])('is not what a key pressed on %s is for', (html) => expect(typingIn(element(html))).toBe(false));

  it('is not where nothing has focus', () => {
    expect(typingIn(null)).toBe(false);
    expect(typingIn(window)).toBe(false);
  });
});
