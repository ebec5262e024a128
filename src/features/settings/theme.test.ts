import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { THEME_COLORS, THEMES } from '../../config/constants';
import { DEFAULT_SETTINGS, type SettingsState } from './settings-fields';
import { effectiveTheme, showTheme } from './theme';

const withSettings = (patch: Partial<SettingsState>): SettingsState => ({ ...DEFAULT_SETTINGS, ...patch });
const signs = (hour: number, dark = false) => ({ hour: () => hour, dark: () => dark });

describe('effective theme', () => {
  it('is the chosen theme when auto night mode is off, without asking the clock or the device', () => {
    const now = { hour: vi.fn(() => 23), dark: vi.fn(() => true) };
    expect(effectiveTheme(withSettings({ theme: 'NATURE-THEME' }), now)).toBe('NATURE-THEME');
    expect(now.hour).not.toHaveBeenCalled();
    expect(now.dark).not.toHaveBeenCalled();
  });

  it.each([
    [0, 'BLACK-THEME'],
    [7, 'BLACK-THEME'],
    [8, 'LIGHT-THEME'],
    [12, 'LIGHT-THEME'],
    [20, 'LIGHT-THEME'],
    [21, 'BLACK-THEME'],
    [23, 'BLACK-THEME'],
  ])('with auto night mode by the hours (night: >= 21 or <= 7) at %i is %s', (hour, expected) => {
    expect(effectiveTheme(withSettings({ theme: 'LIGHT-THEME', autoNightMode: true }), signs(hour, true))).toBe(
      expected,
    );
  });

  it("follows the device's dark mode with the system source, whatever the hour", () => {
    const system = withSettings({ theme: 'LIGHT-THEME', autoNightMode: true, nightModeSource: 'system' });
    expect(effectiveTheme(system, signs(23, false))).toBe('LIGHT-THEME');
    expect(effectiveTheme({ ...system, nightTheme: 'NATURE-THEME' }, signs(12, true))).toBe('NATURE-THEME');
  });
});

describe('showTheme', () => {
  it("keeps one theme class on <html>, leaves other classes alone, and sets the browser's UI colour", () => {
    const root = document.createElement('html');
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    root.append(meta);
    root.className = 'light-theme snxt-translating';
    showTheme(root, 'BLACK-THEME');
    expect([...root.classList].sort()).toEqual(['black-theme', 'snxt-translating']);
    expect(meta.content).toBe(THEME_COLORS['BLACK-THEME']);
  });

  it("uses each theme's toolbar colour in themes.css", () => {
    const css = readFileSync(`${process.cwd()}/src/styles/themes.css`, 'utf8');
    for (const theme of THEMES) {
      const block = new RegExp(`\\.${theme.toLowerCase()}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
      expect(/--toolbar:\s*(#[0-9a-f]+)/i.exec(block)?.[1], theme).toBe(THEME_COLORS[theme]);
    }
  });
});
