import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, openStorage } from '../lib/storage';
import { captureReports } from '../test/capture-reports';
import { createAuthState } from './auth';
import { applyThemeClass, persistState } from './effects';
import { createSettingsState } from './settings';

describe('persist effect', () => {
  it('saves settings and auth at start and whenever they change', () => {
    const storage = createMemoryStorage();
    const settings = createSettingsState();
    const auth = createAuthState();
    const stop = persistState(storage, settings, auth);
    expect(JSON.parse(storage.getItem('snxt-SETTINGS') ?? '')).toEqual(settings.state.value);
    expect(JSON.parse(storage.getItem('snxt-AUTH') ?? '')).toEqual({ user: null, isAuthenticated: false });

    settings.changeTheme('BLACK-THEME');
    auth.loginSuccess({ sub: 'u1', name: 'Ada' });
    expect(JSON.parse(storage.getItem('snxt-SETTINGS') ?? '').theme).toBe('BLACK-THEME');
    expect(JSON.parse(storage.getItem('snxt-AUTH') ?? '')).toEqual({
      user: { sub: 'u1', name: 'Ada' },
      isAuthenticated: true,
    });

    stop();
    settings.changeTheme('LIGHT-THEME');
    expect(JSON.parse(storage.getItem('snxt-SETTINGS') ?? '').theme).toBe('BLACK-THEME');
  });
});

describe('persist effect when storage starts failing', () => {
  it('keeps the app working in memory and says so once, without an error', () => {
    const reporter = captureReports();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = createMemoryStorage();
    const { storage } = openStorage(() => browser);
    const settings = createSettingsState();
    const auth = createAuthState();
    const stop = persistState(storage, settings, auth);
    vi.spyOn(browser, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    settings.changeTheme('BLACK-THEME');
    settings.changeLanguage('de');
    auth.loginSuccess({ sub: 'u1' });
    settings.changeStickyHeader(false);

    expect(reporter.error).not.toHaveBeenCalled();
    expect(reporter.notice).toHaveBeenCalledOnce();
    expect(reporter.notice).toHaveBeenCalledWith(expect.objectContaining({ messageId: 'snxt.storage.unavailable' }));
    expect(settings.state.value).toMatchObject({ theme: 'BLACK-THEME', language: 'de', stickyHeader: false });
    expect(JSON.parse(storage.getItem('snxt-SETTINGS') ?? '')).toEqual(settings.state.value);
    expect(JSON.parse(storage.getItem('snxt-AUTH') ?? '')).toEqual({ user: { sub: 'u1' }, isAuthenticated: true });
    stop();
  });
});

describe('theme class effect', () => {
  const themeClasses = (root: HTMLElement) => [...root.classList].filter((name) => name.endsWith('-theme'));

  it('keeps exactly one theme class on the root, following the effective theme', () => {
    const root = document.createElement('html');
    root.className = 'default-theme light-theme other';
    const settings = createSettingsState({ theme: 'NATURE-THEME' });
    const stop = applyThemeClass(root, settings);
    expect(themeClasses(root)).toEqual(['nature-theme']);
    expect(root.classList.contains('other')).toBe(true);

    settings.changeAutoNightMode(true);
    settings.changeHour(21);
    expect(themeClasses(root)).toEqual(['black-theme']);
    settings.changeHour(8);
    expect(themeClasses(root)).toEqual(['nature-theme']);
    stop();
  });
});
