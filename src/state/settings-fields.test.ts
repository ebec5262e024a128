import { describe, expect, it } from 'vitest';
import { THEME_COLORS, THEMES } from '../config/constants';
import {
  DEFAULT_SETTINGS,
  effectiveThemeClass,
  isNightHour,
  routeAnimationMode,
  sanitizeSettings,
  SETTING_FIELDS,
  SETTING_NAMES,
  type SettingsState,
} from './settings-fields';

const withSettings = (patch: Partial<SettingsState>): SettingsState => ({ ...DEFAULT_SETTINGS, ...patch });

describe('defaults', () => {
  it('are the documented defaults', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      language: 'en',
      theme: 'DEFAULT-THEME',
      autoNightMode: false,
      nightModeSource: 'hours',
      nightTheme: 'BLACK-THEME',
      stickyHeader: true,
      pageAnimations: true,
      pageAnimationsDisabled: false,
      elementsAnimations: true,
      hour: 0,
    });
  });
});

describe('night hours (>= 21 or <= 7)', () => {
  it.each([
    [0, true],
    [7, true],
    [8, false],
    [12, false],
    [20, false],
    [21, true],
    [23, true],
  ])('hour %i is night: %s', (hour, night) => {
    expect(isNightHour(hour)).toBe(night);
  });
});

describe('effective theme', () => {
  it('is the chosen theme, lowercased, when auto night mode is off', () => {
    expect(effectiveThemeClass(withSettings({ theme: 'NATURE-THEME', hour: 23 }))).toBe('nature-theme');
  });

  it.each([
    [7, 'black-theme'],
    [8, 'light-theme'],
    [20, 'light-theme'],
    [21, 'black-theme'],
  ])('with auto night mode at hour %i is %s', (hour, expected) => {
    expect(effectiveThemeClass(withSettings({ theme: 'LIGHT-THEME', autoNightMode: true, hour }))).toBe(expected);
  });

  it('uses the chosen night theme', () => {
    const settings = withSettings({ autoNightMode: true, nightTheme: 'NATURE-THEME', hour: 22 });
    expect(effectiveThemeClass(settings)).toBe('nature-theme');
  });
});

describe('route animation mode', () => {
  it.each([
    [true, true, 'ALL'],
    [true, false, 'PAGE'],
    [false, true, 'ELEMENTS'],
    [false, false, 'NONE'],
  ] as const)('page %s, elements %s → %s', (pageAnimations, elementsAnimations, mode) => {
    expect(routeAnimationMode(withSettings({ pageAnimations, elementsAnimations }))).toBe(mode);
  });
});

describe('sanitizing stored settings', () => {
  it('gives defaults for nothing stored', () => {
    expect(sanitizeSettings(undefined)).toEqual({ settings: DEFAULT_SETTINGS, rejected: [] });
  });

  it('keeps each valid field and replaces only the invalid ones', () => {
    const { settings, rejected } = sanitizeSettings({
      language: 'xx',
      theme: 'NATURE-THEME',
      stickyHeader: 'yes',
      hour: 24,
      elementsAnimations: false,
      unknownField: 1,
    });
    expect(settings).toEqual(withSettings({ theme: 'NATURE-THEME', elementsAnimations: false }));
    expect(rejected.sort()).toEqual(['hour', 'language', 'stickyHeader']);
  });

  it('falls back to all defaults when the stored value is not an object', () => {
    expect(sanitizeSettings('BLACK-THEME').settings).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings([1, 2]).settings).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings(null).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('never restores page animations that the browser rule disabled', () => {
    expect(sanitizeSettings({ pageAnimations: true, pageAnimationsDisabled: true }).settings.pageAnimations).toBe(
      false,
    );
  });
});

describe('the field table', () => {
  it('gives every field a default that passes its own check', () => {
    for (const name of SETTING_NAMES) expect(SETTING_FIELDS[name].check(DEFAULT_SETTINGS[name]).ok, name).toBe(true);
  });

  it('points conditions at boolean fields and sets only fields, with valid values', () => {
    const isBooleanField = (name: string) => typeof DEFAULT_SETTINGS[name as keyof SettingsState] === 'boolean';
    for (const name of SETTING_NAMES) {
      const { control, alsoSets = {} } = SETTING_FIELDS[name];
      if (control?.shownWhen) expect(isBooleanField(control.shownWhen), `${name}.shownWhen`).toBe(true);
      if (control?.kind === 'switch' && control.disabledWhen) {
        expect(isBooleanField(control.disabledWhen.field), `${name}.disabledWhen`).toBe(true);
      }
      for (const [field, value] of Object.entries(alsoSets)) {
        expect(SETTING_NAMES, `${name}.alsoSets`).toContain(field);
        expect(SETTING_FIELDS[field as keyof SettingsState].check(value).ok, `${name}.alsoSets.${field}`).toBe(true);
      }
    }
  });

  it('offers only valid values in selects', () => {
    for (const name of SETTING_NAMES) {
      const control = SETTING_FIELDS[name].control;
      if (control?.kind !== 'select') continue;
      for (const option of control.options) expect(SETTING_FIELDS[name].check(option.value).ok).toBe(true);
    }
  });
});

describe('hostile stored values', () => {
  it("reads only the stored object's own fields, never inherited ones", () => {
    const stored: unknown = Object.create({ theme: 'BLACK-THEME', stickyHeader: false });
    expect(sanitizeSettings(stored).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('treats __proto__ and constructor keys in a stored value as unknown fields', () => {
    const stored: unknown = JSON.parse(
      '{"__proto__":{"theme":"BLACK-THEME"},"constructor":{"prototype":{"stickyHeader":false}},"language":"fr"}',
    );
    const { settings } = sanitizeSettings(stored);
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, language: 'fr' });
    expect(Reflect.ownKeys(settings).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(Object.getPrototypeOf(settings)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).theme).toBeUndefined();
  });
});

describe('theme colours', () => {
  it("are each theme's toolbar colour in themes.css", async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(`${process.cwd()}/src/styles/themes.css`, 'utf8');
    for (const theme of THEMES) {
      const block = new RegExp(`\\.${theme.toLowerCase()}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
      expect(/--toolbar:\s*(#[0-9a-f]+)/i.exec(block)?.[1], theme).toBe(THEME_COLORS[theme]);
    }
  });
});
