import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOUR_CHECK_INTERVAL_MS } from '../../config/constants';
import type { Clock } from '../../lib/clock';
import { createMemoryStorage, openStorage, type AppStorage } from '../../lib/storage';
import { captureReports } from '../../test/capture-reports';
import { DEFAULT_SETTINGS, type SettingsState } from './settings-fields';
import { SettingsModel, type SettingsDeps } from './settings-model';
import { otherTabWrites, storageEvent } from '../../test/other-tab';

/** A storage event names the browser's Storage object; the stand-ins play that part here. */

const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const at = (hours: number, minutes = 0) => new Date(2026, 0, 15, hours, minutes);

let reporter: ReturnType<typeof captureReports>;
let storage: AppStorage;
let root: HTMLElement;
let now: Date;
const clock: Clock = { now: () => now };
const models: SettingsModel[] = [];

beforeEach(() => {
  reporter = captureReports();
  storage = createMemoryStorage();
  root = document.createElement('html');
  now = at(12);
});
afterEach(() => {
  models.splice(0).forEach((model) => model[Symbol.dispose]());
  vi.useRealTimers();
});

function create(deps: Partial<SettingsDeps> = {}) {
  const model = new SettingsModel({ storage, root, clock, ...deps });
  models.push(model);
  return model;
}
const stored = () => JSON.parse(storage.getItem('snxt-SETTINGS') ?? 'null') as SettingsState | null;

describe('route animation mode', () => {
  it.each([
    [true, true, 'ALL'],
    [true, false, 'PAGE'],
    [false, true, 'ELEMENTS'],
    [false, false, 'NONE'],
  ] as const)('page %s, elements %s → %s', (pageAnimations, elementsAnimations, mode) => {
    const settings = create();
    settings.change.pageAnimations(pageAnimations);
    settings.change.elementsAnimations(elementsAnimations);
    expect(settings.routeAnimationMode.value).toBe(mode);
  });
});

describe('settings actions', () => {
  it('each action merges its value into the state', () => {
    // The hour follows the clock, so the clock says 22 too.
    now = at(22);
    const settings = create();
    settings.change.language('he');
    settings.change.theme('NATURE-THEME');
    settings.change.autoNightMode(true);
    settings.change.nightTheme('LIGHT-THEME');
    settings.change.stickyHeader(false);
    settings.change.pageAnimations(false);
    settings.change.elementsAnimations(false);
    settings.change.hour(22);
    expect(settings.state.value).toEqual({
      ...DEFAULT_SETTINGS,
      language: 'he',
      theme: 'NATURE-THEME',
      autoNightMode: true,
      nightModeSource: 'hours',
      nightTheme: 'LIGHT-THEME',
      stickyHeader: false,
      pageAnimations: false,
      pageAnimationsDisabled: false,
      elementsAnimations: false,
      hour: 22,
    });
    expect(reporter.error).not.toHaveBeenCalled();
  });

  it.each([true, false])('page-animations-disabled(%s) sets itself and forces page animations off', (disabled) => {
    const settings = create();
    expect(settings.state.value.pageAnimations).toBe(true);
    settings.change.pageAnimationsDisabled(disabled);
    expect(settings.state.value).toMatchObject({ pageAnimationsDisabled: disabled, pageAnimations: false });
    expect(settings.routeAnimationMode.value).toBe('ELEMENTS');
  });

  it.each([
    ['language', 'xx'],
    ['theme', 'dark'],
    ['theme', 'black-theme'],
    ['nightTheme', 'black-theme'],
    ['autoNightMode', 'true'],
    ['stickyHeader', 1],
    ['pageAnimations', null],
    ['pageAnimationsDisabled', undefined],
    ['elementsAnimations', 'no'],
    ['hour', 24],
    ['hour', 7.5],
    ['hour', -1],
    ['theme', '__proto__'],
    ['textSize', 'huge'],
    ['textSize', 'LARGE'],
    ['textSize', '125%'],
    ['textSize', 'constructor'],
  ] as const)('change.%s(%j) is rejected, reported, and changes nothing', (field, value) => {
    const settings = create();
    const before = settings.state.value;
    const apply = settings.change[field] as (payload: unknown) => boolean;
    expect(apply(value)).toBe(false);
    expect(settings.state.value).toBe(before);
    expect(reporter.error).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'InvalidActionError' }),
      'Invalid action',
    );
  });

  it('starts from stored settings, each invalid field falling back with one warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const settings = create({ stored: { language: 'de', stickyHeader: false, theme: 'PINK' } });
    expect(settings.state.value).toMatchObject({ language: 'de', stickyHeader: false, theme: 'DEFAULT-THEME' });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('reset reloads the state from what storage holds, with the same per-field fallback', () => {
    const settings = create({ stored: { theme: 'LIGHT-THEME' } });
    settings.reset({ theme: 'BLACK-THEME', language: 'nope' });
    expect(settings.state.value).toEqual({ ...DEFAULT_SETTINGS, theme: 'BLACK-THEME', hour: 12 });
  });
});

describe('effects the model owns', () => {
  it('saves the settings whenever they change', () => {
    const settings = create();
    expect(stored()).toEqual(settings.state.value);
    settings.change.theme('BLACK-THEME');
    expect(stored()?.theme).toBe('BLACK-THEME');
  });

  it('keeps exactly one theme class on <html>, following night mode and the clock', () => {
    vi.useFakeTimers();
    now = at(20, 59);
    const settings = create({ stored: { theme: 'LIGHT-THEME' } });
    expect([...root.classList]).toEqual(['light-theme']);
    settings.change.autoNightMode(true);
    expect([...root.classList]).toEqual(['light-theme']);
    now = at(21);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS);
    expect([...root.classList]).toEqual(['black-theme']);
    settings.change.autoNightMode(false);
    expect([...root.classList]).toEqual(['light-theme']);
  });

  it('sets the root font size for the text size, from the stored value on', () => {
    const settings = create({ stored: { textSize: 'larger' } });
    expect(root.style.fontSize).toBe('125%');
    settings.change.textSize('large');
    expect(root.style.fontSize).toBe('112.5%');
    expect(stored()?.textSize).toBe('large');
    settings.change.textSize('default');
    expect(root.style.fontSize).toBe('');
  });

  it('reads the real hour at start-up, then every 60 000 ms, writing only when it changed', () => {
    vi.useFakeTimers();
    now = at(20, 58);
    const settings = create();
    expect(settings.state.value.hour).toBe(20);
    const writes = vi.fn();
    const unsubscribe = settings.state.subscribe(writes);
    writes.mockClear();
    now = at(20, 59);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS);
    expect(writes).not.toHaveBeenCalled();
    now = at(21, 0);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS - 1);
    expect(settings.state.value.hour).toBe(20);
    vi.advanceTimersByTime(1);
    expect(settings.state.value.hour).toBe(21);
    expect(writes).toHaveBeenCalledOnce();
    unsubscribe();
  });

  it('disables page animations at start-up in Safari', () => {
    expect(create({ userAgent: SAFARI }).state.value).toMatchObject({
      pageAnimationsDisabled: true,
      pageAnimations: false,
    });
  });

  it('stops every effect when disposed', () => {
    vi.useFakeTimers();
    const settings = create();
    settings[Symbol.dispose]();
    settings.change.theme('NATURE-THEME');
    now = at(23);
    vi.advanceTimersByTime(HOUR_CHECK_INTERVAL_MS);
    expect(stored()?.theme).toBe('DEFAULT-THEME');
    expect(root.classList.contains('nature-theme')).toBe(false);
    expect(settings.state.value.hour).toBe(12);
  });
});

describe('night mode that follows the device', () => {
  /** A `prefers-color-scheme: dark` query the test flips, as the device would. */
  function fakeDarkScheme(matches: boolean) {
    const listeners = new Set<(event: { matches: boolean }) => void>();
    return {
      matches,
      addEventListener: (_: 'change', listener: (event: { matches: boolean }) => void) => void listeners.add(listener),
      removeEventListener: (_: 'change', listener: (event: { matches: boolean }) => void) =>
        void listeners.delete(listener),
      flip(next: boolean) {
        this.matches = next;
        listeners.forEach((listener) => listener({ matches: next }));
      },
      get listening() {
        return listeners.size;
      },
    };
  }
  const nightAtNoon = { theme: 'LIGHT-THEME', autoNightMode: true, nightTheme: 'NATURE-THEME' };

  it('follows the device live with the "system" source', () => {
    const darkScheme = fakeDarkScheme(false);
    create({ stored: { ...nightAtNoon, nightModeSource: 'system' }, darkScheme });
    expect([...root.classList]).toEqual(['light-theme']);
    darkScheme.flip(true);
    expect([...root.classList]).toEqual(['nature-theme']);
    darkScheme.flip(false);
    expect([...root.classList]).toEqual(['light-theme']);
  });

  it('ignores the device with the "hours" source, and the hours with "system"', () => {
    const darkScheme = fakeDarkScheme(true);
    const settings = create({ stored: nightAtNoon, darkScheme });
    expect([...root.classList]).toEqual(['light-theme']);
    settings.change.nightModeSource('system');
    expect([...root.classList]).toEqual(['nature-theme']);
    now = at(23);
    darkScheme.flip(false);
    expect([...root.classList]).toEqual(['light-theme']);
  });

  it('gives an old stored object the "hours" source, and an unknown one too, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(create({ stored: nightAtNoon }).state.value.nightModeSource).toBe('hours');
    expect(warn).not.toHaveBeenCalled();
    expect(create({ stored: { nightModeSource: 'moon' } }).state.value.nightModeSource).toBe('hours');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nightModeSource'));
  });

  it('stops listening to the device when disposed', () => {
    const darkScheme = fakeDarkScheme(false);
    const settings = create({ darkScheme });
    expect(darkScheme.listening).toBe(1);
    settings[Symbol.dispose]();
    expect(darkScheme.listening).toBe(0);
  });
});

describe('the browser UI colour', () => {
  it('follows the theme on screen', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    root.append(meta);
    const settings = create();
    expect(meta.content).toBe('#3949ab');
    settings.change.theme('BLACK-THEME');
    expect(meta.content).toBe('#181b22');
    settings.change.theme('LIGHT-THEME');
    settings.change.autoNightMode(true);
    settings.change.nightModeSource('system');
    expect(meta.content).toBe('#ffffff');
  });
});

describe('the language of a first visit', () => {
  it("is the visitor's first language the app has, when nothing is stored", () => {
    expect(create({ preferredLanguages: ['ja', 'he-IL', 'en'] }).state.value.language).toBe('he');
  });

  it('never overrides a stored choice', () => {
    expect(create({ stored: { language: 'de' }, preferredLanguages: ['fr-FR'] }).state.value.language).toBe('de');
  });

  it('is also what an invalid stored language or a cleared value falls back to', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const settings = create({ stored: { language: 'xx' }, preferredLanguages: ['pt-BR'] });
    expect(settings.state.value.language).toBe('pt-br');
    settings.change.language('de');
    settings.reset(undefined);
    expect(settings.state.value.language).toBe('pt-br');
  });
});

describe('storage that starts failing while the app runs', () => {
  it('keeps the app working in memory and says so once, without an error', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = createMemoryStorage();
    storage = openStorage(() => browser).storage;
    const settings = create();
    vi.spyOn(browser, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    settings.change.theme('BLACK-THEME');
    settings.change.language('de');
    settings.change.stickyHeader(false);

    expect(reporter.error).not.toHaveBeenCalled();
    expect(reporter.notice).toHaveBeenCalledOnce();
    expect(reporter.notice).toHaveBeenCalledWith(expect.objectContaining({ messageId: 'snxt.storage.unavailable' }));
    expect(settings.state.value).toMatchObject({ theme: 'BLACK-THEME', language: 'de', stickyHeader: false });
    expect(stored()).toEqual(settings.state.value);
  });

  it('still follows other tabs through the storage the app opened, after it switched to memory', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = createMemoryStorage();
    storage = openStorage(() => browser).storage;
    const settings = create();
    const fromOtherTab = (theme: string) =>
      storageEvent(browser, 'snxt-SETTINGS', JSON.stringify({ ...settings.state.value, theme }));
    fromOtherTab('BLACK-THEME');
    expect(settings.state.value.theme).toBe('BLACK-THEME');
    vi.spyOn(browser, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    settings.change.language('de');
    fromOtherTab('NATURE-THEME');
    expect(settings.state.value).toMatchObject({ theme: 'NATURE-THEME', language: 'de' });
  });
});

describe('other tabs', () => {
  const writeFromOtherTab = (key: string, value: string | null) => otherTabWrites(storage, key, value);

  it('takes settings changed in another tab', () => {
    const settings = create();
    const other = { ...settings.state.value, theme: 'BLACK-THEME', language: 'de' };
    writeFromOtherTab('snxt-SETTINGS', JSON.stringify(other));
    expect(settings.state.value).toEqual(other);
    expect([...root.classList]).toEqual(['black-theme']);
  });

  it('takes a text size changed in another tab, and a broken one as the default', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const settings = create();
    writeFromOtherTab('snxt-SETTINGS', JSON.stringify({ ...settings.state.value, textSize: 'larger' }));
    expect(root.style.fontSize).toBe('125%');
    writeFromOtherTab('snxt-SETTINGS', JSON.stringify({ ...settings.state.value, textSize: '__proto__' }));
    expect(settings.state.value.textSize).toBe('default');
    expect(root.style.fontSize).toBe('');
  });

  it('does not write a followed change back (no echo between tabs)', () => {
    const settings = create();
    const setItem = vi.spyOn(storage, 'setItem');
    writeFromOtherTab('snxt-SETTINGS', JSON.stringify({ ...settings.state.value, stickyHeader: false }));
    expect(settings.state.value.stickyHeader).toBe(false);
    // The one call is the other tab's own write in the helper above.
    expect(setItem).toHaveBeenCalledOnce();
  });

  it('stores its own normalised value once when another tab wrote something invalid, then settles', () => {
    const settings = create();
    const setItem = vi.spyOn(storage, 'setItem');
    writeFromOtherTab('snxt-SETTINGS', JSON.stringify({ theme: 'NATURE-THEME', language: 'xx', hour: 12 }));
    expect(settings.state.value).toMatchObject({ theme: 'NATURE-THEME', language: 'en' });
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(stored()).toEqual(settings.state.value);
  });

  it('goes back to defaults when another tab removes or clears the stored value', () => {
    const settings = create({ stored: { theme: 'LIGHT-THEME' } });
    writeFromOtherTab('snxt-SETTINGS', null);
    expect(settings.state.value.theme).toBe('DEFAULT-THEME');
    settings.change.theme('NATURE-THEME');
    storageEvent(storage, null);
    expect(settings.state.value.theme).toBe('DEFAULT-THEME');
  });

  it('ignores text that is not JSON, other keys and other storage areas', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const settings = create({ stored: { theme: 'LIGHT-THEME' } });
    writeFromOtherTab('snxt-SETTINGS', '{broken');
    expect(warn).toHaveBeenCalledOnce();
    writeFromOtherTab('snxt-EXAMPLES', JSON.stringify({ theme: 'BLACK-THEME' }));
    storageEvent(createMemoryStorage(), 'snxt-SETTINGS', JSON.stringify({ theme: 'BLACK-THEME' }));
    expect(settings.state.value.theme).toBe('LIGHT-THEME');
  });

  it('stops following once disposed', () => {
    const settings = create();
    settings[Symbol.dispose]();
    writeFromOtherTab('snxt-SETTINGS', JSON.stringify({ theme: 'BLACK-THEME' }));
    expect(settings.state.value.theme).toBe('DEFAULT-THEME');
  });
});
