import {
  LANGUAGES,
  NIGHT_MODE_SOURCES,
  THEMES,
  type Language,
  type NightModeSource,
  type Theme,
  TEXT_SIZE_CHOICES,
  type TextSize,
} from '../../config/constants';
import { preferredLanguage } from '../../i18n/languages';
import { checkFields, isBoolean, isHour, oneOf, type Validator } from '../../lib/checks';

// The boot script bundles this module into every page, before the first paint: keep it small and plain.

interface FieldRow<T> {
  default: T;
  check: Validator<T>;
  alsoSets?: Readonly<Record<string, unknown>>;
}

const row = <T>(value: T, check: Validator<T>, alsoSets?: FieldRow<T>['alsoSets']): FieldRow<T> => ({
  default: value,
  check,
  alsoSets,
});

export const SETTING_FIELDS = {
  language: row<Language>('en', oneOf(LANGUAGES)),
  stickyHeader: row(true, isBoolean),
  theme: row<Theme>('DEFAULT-THEME', oneOf(THEMES)),
  autoNightMode: row(false, isBoolean),
  nightModeSource: row<NightModeSource>('hours', oneOf(NIGHT_MODE_SOURCES)),
  nightTheme: row<Theme>('BLACK-THEME', oneOf(THEMES)),
  pageAnimations: row(true, isBoolean),
  // Set at start-up in browsers that cannot play page animations smoothly.
  pageAnimationsDisabled: row(false, isBoolean, { pageAnimations: false }),
  elementsAnimations: row(true, isBoolean),
  hour: row(0, isHour),
  textSize: row<TextSize>('default', oneOf(TEXT_SIZE_CHOICES)),
};

type Fields = typeof SETTING_FIELDS;
export type SettingName = keyof Fields;
export type SettingsState = { [K in SettingName]: Fields[K] extends FieldRow<infer T> ? T : never };
export const SETTING_NAMES = Object.keys(SETTING_FIELDS) as SettingName[];

export const DEFAULT_SETTINGS: Readonly<SettingsState> = Object.freeze(
  Object.fromEntries(SETTING_NAMES.map((name) => [name, SETTING_FIELDS[name].default])) as SettingsState,
);

export const visitorDefaults = (languages: readonly string[]): SettingsState => ({
  ...DEFAULT_SETTINGS,
  language: preferredLanguage(languages),
});

export function sanitizeSettings(stored: unknown, defaults: Readonly<SettingsState> = DEFAULT_SETTINGS) {
  const checked = checkFields(SETTING_FIELDS, stored, defaults);
  if (checked.value.pageAnimationsDisabled)
    Object.assign(checked.value, SETTING_FIELDS.pageAnimationsDisabled.alsoSets);
  return checked;
}
