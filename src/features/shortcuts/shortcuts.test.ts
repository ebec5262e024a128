import { describe, expect, it } from 'vitest';
import { PALETTE_SHORTCUT } from './palette-shortcut';
import { HELP_SHORTCUT, keysTakenAt, SHORTCUTS } from './shortcuts';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('the table of shortcuts', () => {
  it('names each by aria-keyshortcuts and says what it does', () => {
    expect(SHORTCUTS.map(({ keys, labelKey }) => [keys, labelKey])).toEqual([
      ['Control+K Meta+K', 'snxt.shortcuts.palette'],
      ['?', 'snxt.shortcuts.show'],
      ['Escape', 'snxt.shortcuts.close'],
    ]);
  });

  it('matches Ctrl+K and ⌘K, on any layout', () => {
    const { matches } = PALETTE_SHORTCUT;
    expect(matches(key({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(matches(key({ key: 'k', metaKey: true }))).toBe(true);
    expect(matches(key({ key: 'л', code: 'KeyK', ctrlKey: true }))).toBe(true);
    expect(matches(key({ key: 'k' }))).toBe(false);
    expect(matches(key({ key: 'j', ctrlKey: true }))).toBe(false);
  });

  it('matches ? however a layout types it, but not with Ctrl, ⌘ or Alt', () => {
    const { matches } = HELP_SHORTCUT;
    expect(matches(key({ key: '?', shiftKey: true, code: 'Slash' }))).toBe(true);
    expect(matches(key({ key: '?', shiftKey: true, code: 'Minus' }))).toBe(true);
    expect(matches(key({ key: '?', ctrlKey: true }))).toBe(false);
    expect(matches(key({ key: '?', metaKey: true }))).toBe(false);
    expect(matches(key({ key: '?', altKey: true }))).toBe(false);
    expect(matches(key({ key: '/', code: 'Slash' }))).toBe(false);
  });
});

describe('where a key press is text, not a shortcut (text fields only)', () => {
  const inside = (html: string) => {
    const holder = document.createElement('div');
    holder.innerHTML = html;
    document.body.append(holder);
    return holder.querySelector('[data-target]') ?? holder.firstElementChild;
  };

  it.each([
    '<input>',
    '<input type="TEXT">',
    '<input type="not-a-type">',
    '<input type="search">',
    '<input type="email">',
    '<input type="url">',
    '<input type="tel">',
    '<input type="number">',
    '<input type="password">',
    '<input type="date">',
    '<textarea></textarea>',
    '<select><option>A</option></select>',
    '<div contenteditable="true"><b data-target>typed</b></div>',
    '<div contenteditable><b data-target>typed</b></div>',
    '<div role="dialog"><input data-target></div>',
  ])('in or on %s', (html) => expect(keysTakenAt(inside(html))).toBe(true));

  it.each([
    '<button role="switch" aria-checked="false">s</button>',
    '<input type="checkbox" role="switch">',
    '<div role="dialog"><button role="switch" aria-checked="true" data-target>s</button></div>',
    '<div role="alertdialog"><button data-target>OK</button></div>',
    '<div role="menu"><div role="menuitem" data-target>Logout</div></div>',
    '<input type="checkbox">',
    '<input type="radio">',
    '<input type="range">',
    '<input type="color">',
    '<input type="submit">',
    '<button>b</button>',
    '<a href="/">a</a>',
    '<div contenteditable="false"></div>',
    '<div contenteditable="true"><span contenteditable="false" data-target>fixed</span></div>',
    '<div></div>',
  ])('is not on %s', (html) => expect(keysTakenAt(inside(html))).toBe(false));

  it('is not where nothing has focus', () => {
    expect(keysTakenAt(document.body)).toBe(false);
    expect(keysTakenAt(null)).toBe(false);
    expect(keysTakenAt(window)).toBe(false);
  });
});
