import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, openStorage, type AppStorage, type KeyValueStorage } from '../lib/storage';
import { captureReports } from '../test/capture-reports';
import { createAuthState } from './auth';
import { followOtherTabs } from './cross-tab';
import { persistState } from './effects';
import { createSettingsState } from './settings';

/** A storage event names the browser's Storage object; the stand-ins play that part here. */
const asArea = (storage: KeyValueStorage) => storage as Storage;

/** What the browser does in this tab when another tab writes: the storage changes, then an event. */
function writeFromOtherTab(storage: KeyValueStorage, key: string, value: string | null) {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: asArea(storage) }));
}

describe('following other tabs', () => {
  const stops: (() => void)[] = [];
  let storage: AppStorage;
  beforeEach(() => {
    storage = createMemoryStorage();
  });
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  const start = (stored: { settings?: unknown; auth?: unknown } = {}) => {
    const settings = createSettingsState(stored.settings);
    const auth = createAuthState(stored.auth);
    stops.push(persistState(storage, settings, auth), followOtherTabs(window, storage, settings, auth));
    return { settings, auth };
  };

  it('takes settings changed in another tab', () => {
    const { settings } = start();
    const other = { ...settings.state.value, theme: 'BLACK-THEME', language: 'de' };
    writeFromOtherTab(storage, 'snxt-SETTINGS', JSON.stringify(other));
    expect(settings.state.value).toEqual(other);
    expect(settings.effectiveTheme.value).toBe('black-theme');
  });

  it('takes a sign-out in another tab', () => {
    const user = { sub: 'u1', email: 'demo@example.com' };
    const { auth } = start({ auth: { isAuthenticated: true, user } });
    expect(auth.state.value.isAuthenticated).toBe(true);
    writeFromOtherTab(storage, 'snxt-AUTH', JSON.stringify({ user: null, isAuthenticated: false }));
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
  });

  it('does not write a followed change back (no echo between tabs)', () => {
    const { settings } = start();
    const setItem = vi.spyOn(storage, 'setItem');
    writeFromOtherTab(storage, 'snxt-SETTINGS', JSON.stringify({ ...settings.state.value, stickyHeader: false }));
    expect(settings.state.value.stickyHeader).toBe(false);
    // The one call is the other tab's own write in the helper above.
    expect(setItem).toHaveBeenCalledTimes(1);
  });

  it('stores its own normalised value once when another tab wrote something invalid, then settles', () => {
    const { settings } = start();
    const setItem = vi.spyOn(storage, 'setItem');
    writeFromOtherTab(storage, 'snxt-SETTINGS', JSON.stringify({ theme: 'NATURE-THEME', language: 'xx' }));
    expect(settings.state.value.theme).toBe('NATURE-THEME');
    expect(settings.state.value.language).toBe('en');
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(JSON.parse(storage.getItem('snxt-SETTINGS')!)).toEqual(settings.state.value);
  });

  it('goes back to defaults when another tab removes or clears the stored value', () => {
    const { settings } = start({ settings: { theme: 'LIGHT-THEME' } });
    writeFromOtherTab(storage, 'snxt-SETTINGS', null);
    expect(settings.state.value.theme).toBe('DEFAULT-THEME');
    settings.changeTheme('NATURE-THEME');
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: asArea(storage) }));
    expect(settings.state.value.theme).toBe('DEFAULT-THEME');
  });

  it('ignores text that is not JSON, other keys and other storage areas', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { settings } = start({ settings: { theme: 'LIGHT-THEME' } });
    writeFromOtherTab(storage, 'snxt-SETTINGS', '{broken');
    expect(warn).toHaveBeenCalledOnce();
    writeFromOtherTab(storage, 'snxt-EXAMPLES', JSON.stringify({ theme: 'BLACK-THEME' }));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'snxt-SETTINGS',
        newValue: JSON.stringify({ theme: 'BLACK-THEME' }),
        storageArea: asArea(createMemoryStorage()),
      }),
    );
    expect(settings.state.value.theme).toBe('LIGHT-THEME');
  });

  it('follows other tabs through the storage the app opened, also after it switched to memory', () => {
    captureReports();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = createMemoryStorage();
    const opened = openStorage(() => browser);
    const settings = createSettingsState();
    const auth = createAuthState();
    stops.push(persistState(opened.storage, settings, auth), followOtherTabs(window, opened.storage, settings, auth));
    writeFromOtherTab(browser, 'snxt-SETTINGS', JSON.stringify({ ...settings.state.value, theme: 'BLACK-THEME' }));
    expect(settings.state.value.theme).toBe('BLACK-THEME');

    vi.spyOn(browser, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    settings.changeLanguage('de');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'snxt-SETTINGS',
        newValue: JSON.stringify({ ...settings.state.value, theme: 'NATURE-THEME' }),
        storageArea: asArea(browser),
      }),
    );
    expect(settings.state.value).toMatchObject({ theme: 'NATURE-THEME', language: 'de' });
  });

  it('stops following once stopped', () => {
    const { settings } = start();
    stops.splice(0).forEach((stop) => stop());
    writeFromOtherTab(storage, 'snxt-SETTINGS', JSON.stringify({ theme: 'BLACK-THEME' }));
    expect(settings.state.value.theme).toBe('DEFAULT-THEME');
  });
});
