import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../lib/storage';
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
