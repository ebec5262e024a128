import {
  LANGUAGES,
  NIGHT_END_HOUR,
  NIGHT_MODE_SOURCES,
  NIGHT_START_HOUR,
  THEMES,
  type Language,
  type NightModeSource,
  type Theme,
} from '../config/constants';
import { LANGUAGE_INFO } from '../i18n/languages';
import { ownValue } from '../lib/safe-keys';
import { isRecord } from '../lib/checks';
import { isBoolean, isHour, oneOf, type Validator } from '../lib/checks';

export type SettingsSection = 'general' | 'themes' | 'animations';

interface ControlBase {
  section: SettingsSection;
  labelKey: string;
  descriptionKey?: string;
  /** Shown only while this (boolean) setting is on. */
  shownWhen?: string;
}

/** How the settings page shows a field; a field without a control is not on the page. */
export type SettingControl =
  | (ControlBase & {
      kind: 'switch';
      /** Unavailable while this (boolean) setting is on; the reason is shown in a tooltip. */
      disabledWhen?: { field: string; reasonKey: string };
    })
  | (ControlBase & {
      kind: 'select';
      /** Option texts: a translation key, or a fixed text in its own language (`lang`). */
      options: readonly SelectOption[];
    });

export type SelectOption = { value: string } & ({ labelKey: string } | { label: string; lang: string });

interface FieldRow<T> {
  default: T;
  check: Validator<T>;
  control?: SettingControl;
  /** Other fields its action sets too, whatever the value. */
  alsoSets?: Readonly<Record<string, unknown>>;
}

const row = <T>(fieldRow: FieldRow<T>) => fieldRow;

const THEME_OPTIONS: readonly SelectOption[] = THEMES.map((theme) => ({
  value: theme,
  labelKey: `snxt.settings.themes.${theme.replace(/-THEME$/, '').toLowerCase()}`,
}));

/**
 * Every setting, one row each: its default, the check for actions and stored data, and how the
 * settings page shows it (section, control, texts). The page lists rows in this order.
 */
export const SETTING_FIELDS = {
  language: row<Language>({
    default: 'en',
    check: oneOf(LANGUAGES),
    control: {
      kind: 'select',
      section: 'general',
      labelKey: 'snxt.settings.language',
      options: LANGUAGES.map((code) => ({
        value: code,
        label: LANGUAGE_INFO[code].nativeName,
        lang: LANGUAGE_INFO[code].locale,
      })),
    },
  }),
  stickyHeader: row<boolean>({
    default: true,
    check: isBoolean,
    control: {
      kind: 'switch',
      section: 'general',
      labelKey: 'snxt.settings.stickyHeader',
      descriptionKey: 'snxt.settings.stickyHeader.description',
    },
  }),
  theme: row<Theme>({
    default: 'DEFAULT-THEME',
    check: oneOf(THEMES),
    control: { kind: 'select', section: 'themes', labelKey: 'snxt.settings.theme', options: THEME_OPTIONS },
  }),
  autoNightMode: row<boolean>({
    default: false,
    check: isBoolean,
    control: {
      kind: 'switch',
      section: 'themes',
      labelKey: 'snxt.settings.autoNightMode',
      descriptionKey: 'snxt.settings.autoNightMode.description',
    },
  }),
  nightModeSource: row<NightModeSource>({
    default: 'hours',
    check: oneOf(NIGHT_MODE_SOURCES),
    control: {
      kind: 'select',
      section: 'themes',
      labelKey: 'snxt.settings.nightModeSource',
      options: NIGHT_MODE_SOURCES.map((source) => ({
        value: source,
        labelKey: `snxt.settings.nightModeSource.${source}`,
      })),
      shownWhen: 'autoNightMode',
    },
  }),
  nightTheme: row<Theme>({
    default: 'BLACK-THEME',
    check: oneOf(THEMES),
    control: {
      kind: 'select',
      section: 'themes',
      labelKey: 'snxt.settings.nightTheme',
      options: THEME_OPTIONS,
      shownWhen: 'autoNightMode',
    },
  }),
  pageAnimations: row<boolean>({
    default: true,
    check: isBoolean,
    control: {
      kind: 'switch',
      section: 'animations',
      labelKey: 'snxt.settings.animations.page',
      descriptionKey: 'snxt.settings.animations.page.description',
      disabledWhen: { field: 'pageAnimationsDisabled', reasonKey: 'snxt.settings.animations.pageDisabled' },
    },
  }),
  // Set at start-up in browsers that cannot play page animations smoothly; not a control.
  pageAnimationsDisabled: row<boolean>({ default: false, check: isBoolean, alsoSets: { pageAnimations: false } }),
  elementsAnimations: row<boolean>({
    default: true,
    check: isBoolean,
    control: {
      kind: 'switch',
      section: 'animations',
      labelKey: 'snxt.settings.animations.elements',
      descriptionKey: 'snxt.settings.animations.elements.description',
    },
  }),
  // The clock's hour for auto night mode, kept current by the settings model.
  hour: row<number>({ default: 0, check: isHour }),
};

type Fields = typeof SETTING_FIELDS;
export type SettingName = keyof Fields;
export type SettingsState = { [K in SettingName]: Fields[K] extends FieldRow<infer T> ? T : never };
export const SETTING_NAMES = Object.keys(SETTING_FIELDS) as SettingName[];

export const DEFAULT_SETTINGS: Readonly<SettingsState> = Object.freeze(
  Object.fromEntries(SETTING_NAMES.map((name) => [name, SETTING_FIELDS[name].default])) as SettingsState,
);

/**
 * Rebuilds settings from stored data field by field: each valid field is kept, every other one
 * falls back to its default, so one bad value never costs the rest. Only own fields count, so a
 * polluted prototype cannot supply one.
 */
export function sanitizeSettings(
  stored: unknown,
  defaults: Readonly<SettingsState> = DEFAULT_SETTINGS,
): { settings: SettingsState; rejected: string[] } {
  const settings: Record<string, unknown> = { ...defaults };
  const rejected: string[] = [];
  if (stored === undefined) return { settings: settings as SettingsState, rejected };
  if (!isRecord(stored)) return { settings: settings as SettingsState, rejected: ['(whole value)'] };
  for (const name of SETTING_NAMES) {
    if (!Object.hasOwn(stored, name)) continue;
    const checked = SETTING_FIELDS[name].check(ownValue(stored, name));
    if (checked.ok) settings[name] = checked.value;
    else rejected.push(name);
  }
  if (settings.pageAnimationsDisabled) Object.assign(settings, SETTING_FIELDS.pageAnimationsDisabled.alsoSets);
  return { settings: settings as SettingsState, rejected };
}

export const isNightHour = (hour: number) => hour >= NIGHT_START_HOUR || hour <= NIGHT_END_HOUR;

/** Night for auto night mode: the night hours, or the device's dark mode (`systemDark`). */
export const isNight = (settings: SettingsState, systemDark: boolean) =>
  settings.nightModeSource === 'system' ? systemDark : isNightHour(settings.hour);

/** The theme on screen: the night theme at night with auto night mode on, else the chosen one. */
export const effectiveTheme = (settings: SettingsState, systemDark = false): Theme =>
  settings.autoNightMode && isNight(settings, systemDark) ? settings.nightTheme : settings.theme;

/** Its class on `<html>`, lowercased (`black-theme`). */
export const effectiveThemeClass = (settings: SettingsState, systemDark = false): string =>
  effectiveTheme(settings, systemDark).toLowerCase();

export type RouteAnimationMode = 'ALL' | 'PAGE' | 'ELEMENTS' | 'NONE';

export function routeAnimationMode({ pageAnimations, elementsAnimations }: SettingsState): RouteAnimationMode {
  if (pageAnimations && elementsAnimations) return 'ALL';
  if (pageAnimations) return 'PAGE';
  if (elementsAnimations) return 'ELEMENTS';
  return 'NONE';
}
