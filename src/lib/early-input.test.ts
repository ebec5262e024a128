import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyInput, replayEarlyInput } from './early-input';

const INPUT_MARK = 'snxt:input';

describe('input before the app runs', () => {
  let menu: HTMLButtonElement;
  let language: HTMLSelectElement;
  let link: HTMLAnchorElement;
  const heard: string[] = [];
  const listen = (element: Element, type: string) =>
    element.addEventListener(type, (event) => heard.push(`${type} ${(event.target as HTMLSelectElement).value}`));

  beforeEach(() => {
    window.history.replaceState(null, '', '/settings');
    document.body.innerHTML = `<div id="root">
      <button type="button" id="menu"><svg><path></path></svg></button>
      <select id="language"><option value="en">EN</option><option value="de">DE</option></select>
      <a href="#elsewhere" id="link">Elsewhere</a>
    </div>`;
    menu = document.querySelector('#menu')!;
    language = document.querySelector('#language')!;
    link = document.querySelector('#link')!;
    heard.length = 0;
    performance.clearMarks(INPUT_MARK);
  });
  afterEach(() => {
    replayEarlyInput(null);
    window.history.replaceState(null, '', '/');
  });

  /** The app's own listeners, attached while it hydrates: they must hear nothing until it takes input. */
  const attachApp = () => {
    listen(menu, 'click');
    listen(language, 'change');
  };

  it('keeps clicks on buttons (also on their icons) and select changes away from the app until it takes input', () => {
    keepEarlyInput();
    attachApp();
    menu.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    language.value = 'de';
    language.dispatchEvent(new Event('change', { bubbles: true }));
    expect(heard).toEqual([]);
    // Hydration shows the page as built again before the live state comes.
    language.value = 'en';

    replayEarlyInput('/settings');
    expect(heard).toEqual(['click ', 'change de']);
    expect(language.value).toBe('de');
    expect(performance.getEntriesByName(INPUT_MARK)).toHaveLength(1);
  });

  it("holds back a select's input event, which would make React hydrate early and reset the choice, without replaying it", () => {
    keepEarlyInput();
    attachApp();
    listen(language, 'input');
    language.value = 'de';
    language.dispatchEvent(new Event('input', { bubbles: true }));
    language.dispatchEvent(new Event('change', { bubbles: true }));
    expect(heard).toEqual([]);
    replayEarlyInput('/settings');
    expect(heard).toEqual(['change de']);
    language.dispatchEvent(new Event('input', { bubbles: true }));
    expect(heard).toEqual(['change de', 'input de']);
  });

  it('replays each input once, and lets later input through to the app', () => {
    keepEarlyInput();
    attachApp();
    menu.click();
    replayEarlyInput('/settings');
    replayEarlyInput('/settings');
    expect(heard).toEqual(['click ']);
    menu.click();
    expect(heard).toEqual(['click ', 'click ']);
  });

  it('lets links work as plain links before the app runs', () => {
    keepEarlyInput();
    const followed = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('click', followed);
    link.click();
    expect(followed).toHaveBeenCalledOnce();
    document.removeEventListener('click', followed);
  });

  it('drops input on a control that is gone, on another path, or on a page the app did not hydrate', () => {
    keepEarlyInput();
    attachApp();
    menu.click();
    menu.remove();
    language.dispatchEvent(new Event('change', { bubbles: true }));
    replayEarlyInput('/settings');
    expect(heard).toEqual(['change en']);

    keepEarlyInput();
    language.dispatchEvent(new Event('change', { bubbles: true }));
    window.history.replaceState(null, '', '/');
    replayEarlyInput('/settings');

    keepEarlyInput();
    language.dispatchEvent(new Event('change', { bubbles: true }));
    replayEarlyInput(null);
    expect(heard).toEqual(['change en']);
  });

  it('marks the moment the app takes input even where no boot script kept any (the dev server)', () => {
    replayEarlyInput(null);
    expect(performance.getEntriesByName(INPUT_MARK)).toHaveLength(1);
  });

  it('runs background work once the app takes input, and at once after that', async () => {
    vi.resetModules();
    const fresh = await import('./early-input');
    const preload = vi.fn();
    fresh.whenTakingInput(preload);
    expect(preload).not.toHaveBeenCalled();
    fresh.replayEarlyInput(null);
    fresh.replayEarlyInput(null);
    expect(preload).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    fresh.whenTakingInput(later);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
