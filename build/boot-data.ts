// The app's facts the boot script needs (build/boot-script.mjs), taken from the app's own
// constants at build time; build/boot-script.test.ts holds the script's rules to the app's.
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  NIGHT_END_HOUR,
  NIGHT_MODE_SOURCES,
  NIGHT_START_HOUR,
  RTL_LANGUAGES,
  STORAGE_KEYS,
  STORAGE_PREFIX,
  THEME_COLORS,
  THEMES,
  TRANSLATING_CLASS,
} from '../src/config/constants';
import { LANGUAGE_ALIASES } from '../src/i18n/languages';

export const BOOT_DATA = {
  settingsKey: `${STORAGE_PREFIX}${STORAGE_KEYS.settings}`,
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  rtlLanguages: RTL_LANGUAGES,
  languageAliases: LANGUAGE_ALIASES,
  themes: THEMES,
  themeColors: THEME_COLORS,
  nightModeSources: NIGHT_MODE_SOURCES,
  nightStartHour: NIGHT_START_HOUR,
  nightEndHour: NIGHT_END_HOUR,
  // The settings' defaults (src/state/settings-fields.ts, which the build's config cannot import:
  // it reads the app's environment); the unit test fails if they part.
  defaults: {
    theme: 'DEFAULT-THEME',
    nightTheme: 'BLACK-THEME',
    autoNightMode: false,
    nightModeSource: 'hours',
  },
  translatingClass: TRANSLATING_CLASS,
  /** If the app never shows the visitor's language (its script failed), the English shows after all. */
  revealAfterMs: 5000,
};

export type BootData = typeof BOOT_DATA;
