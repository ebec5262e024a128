import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  sanitizeSettings,
  SETTING_FIELDS,
  SETTING_NAMES,
  visitorDefaults,
  type SettingsState,
} from './settings-fields';

const withSettings = (patch: Partial<SettingsState>): SettingsState => ({ ...DEFAULT_SETTINGS, ...patch });

describe('defaults', () => {
  it('are the documented defaults (a setting added with `npm run new -- setting` is off)', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
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

describe('sanitizing stored settings', () => {
  it('gives defaults for nothing stored', () => {
    expect(sanitizeSettings(undefined)).toEqual({ value: DEFAULT_SETTINGS, rejected: [] });
  });

  it('keeps each valid field and replaces only the invalid ones', () => {
    const { value: settings, rejected } = sanitizeSettings({
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
    expect(sanitizeSettings('BLACK-THEME').value).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings([1, 2]).value).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings(null).value).toEqual(DEFAULT_SETTINGS);
  });

  it('never restores page animations that the browser rule disabled', () => {
    expect(sanitizeSettings({ pageAnimations: true, pageAnimationsDisabled: true }).value.pageAnimations).toBe(false);
  });
});

describe('the field table', () => {
  it('gives every field a default that passes its own check', () => {
    for (const name of SETTING_NAMES) expect(SETTING_FIELDS[name].check(DEFAULT_SETTINGS[name]).ok, name).toBe(true);
  });

  it('sets only fields, with valid values', () => {
    for (const name of SETTING_NAMES) {
      for (const [field, value] of Object.entries(SETTING_FIELDS[name].alsoSets ?? {})) {
        expect(SETTING_NAMES, `${name}.alsoSets`).toContain(field);
        expect(SETTING_FIELDS[field as keyof SettingsState].check(value).ok, `${name}.alsoSets.${field}`).toBe(true);
      }
    }
  });
});

describe('hostile stored values', () => {
  it("reads only the stored object's own fields, never inherited ones", () => {
    const stored: unknown = Object.create({ theme: 'BLACK-THEME', stickyHeader: false });
    expect(sanitizeSettings(stored).value).toEqual(DEFAULT_SETTINGS);
  });

  it('treats __proto__ and constructor keys in a stored value as unknown fields', () => {
    const stored: unknown = JSON.parse(
      '{"__proto__":{"theme":"BLACK-THEME"},"constructor":{"prototype":{"stickyHeader":false}},"language":"fr"}',
    );
    const { value: settings } = sanitizeSettings(stored);
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, language: 'fr' });
    expect(Reflect.ownKeys(settings).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(Object.getPrototypeOf(settings)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).theme).toBeUndefined();
  });
  it('takes no value in another case', () => {
    const stored = { theme: 'black-theme', language: 'HE', nightModeSource: 'SYSTEM', nightTheme: 'Nature-Theme' };
    const { value, rejected } = sanitizeSettings(stored);
    expect(value).toEqual(DEFAULT_SETTINGS);
    expect(rejected.sort()).toEqual(['language', 'nightModeSource', 'nightTheme', 'theme']);
  });

  it('takes no prototype name as a value', () => {
    for (const language of ['__proto__', 'constructor', 'toString']) {
      expect(sanitizeSettings({ language }).value.language).toBe('en');
    }
  });
});

describe("a visitor's defaults", () => {
  it("start in the visitor's first language the app has", () => {
    expect(visitorDefaults(['ja', 'de-AT', 'fr'])).toEqual({ ...DEFAULT_SETTINGS, language: 'de' });
    expect(visitorDefaults(['iw']).language).toBe('he');
    expect(visitorDefaults(['zh-Hans-CN']).language).toBe('zh-cn');
    expect(visitorDefaults([' HE ']).language).toBe('he');
    expect(visitorDefaults([]).language).toBe('en');
  });
});
