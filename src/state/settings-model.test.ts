import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  effectiveThemeClass,
  isNightHour,
  routeAnimationMode,
  sanitizeSettings,
  type SettingsState,
} from './settings-model';

const withSettings = (patch: Partial<SettingsState>): SettingsState => ({ ...DEFAULT_SETTINGS, ...patch });

describe('defaults', () => {
  it('match SPEC §5', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      language: 'en',
      theme: 'DEFAULT-THEME',
      autoNightMode: false,
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

  it('never restores page animations that the browser rule disabled', () => {
    expect(sanitizeSettings({ pageAnimations: true, pageAnimationsDisabled: true }).settings.pageAnimations).toBe(
      false,
    );
  });
});
