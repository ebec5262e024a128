/** The app's numbers and names, in one place (docs/behaviour.md lists them). */
export const APP_VERSION = '9.0.0';

export const LANGUAGES = ['en', 'de', 'sk', 'fr', 'es', 'pt-br', 'zh-cn', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['he'];
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
/**
 * On `<html>` from the boot script until the app shows the visitor's language: hides the
 * prerendered English text of a visitor who reads another language.
 */
export const TRANSLATING_CLASS = 'snxt-translating';

export const THEMES = ['DEFAULT-THEME', 'LIGHT-THEME', 'NATURE-THEME', 'BLACK-THEME'] as const;
export type Theme = (typeof THEMES)[number];
/** The browser UI colour (`<meta name="theme-color">`) of each theme: its toolbar colour in themes.css. */
export const THEME_COLORS: Record<Theme, string> = {
  'DEFAULT-THEME': '#3949ab',
  'LIGHT-THEME': '#ffffff',
  'NATURE-THEME': '#2e6b34',
  'BLACK-THEME': '#181b22',
};

/** Night is hour >= NIGHT_START_HOUR or hour <= NIGHT_END_HOUR. */
export const NIGHT_START_HOUR = 21;
export const NIGHT_END_HOUR = 7;
/** What auto night mode follows: the clock's night hours, or the device's dark mode. */
export const NIGHT_MODE_SOURCES = ['hours', 'system'] as const;
export type NightModeSource = (typeof NIGHT_MODE_SOURCES)[number];
export const HOUR_CHECK_INTERVAL_MS = 60_000;

export const STORAGE_PREFIX = 'snxt-';

/** oidc-client-ts keeps its tokens and each sign-in it starts under this prefix (in the app's storage). */
export const OIDC_STORE_PREFIX = 'oidc.';
export const STORAGE_KEYS = { auth: 'AUTH', settings: 'SETTINGS', identity: 'IDENTITY' } as const;

export const TOAST_DURATION_MS = {
  default: 2000,
  info: 2000,
  success: 2000,
  warning: 2500,
  error: 3000,
} as const;
/** Snack bar notices stay until dismissed unless given a delay; setTimeout's ceiling. */
export const SNACKBAR_DEFAULT_DURATION_MS = 0;
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export const ROUTE_ANIMATION = {
  leaveSeconds: 0.2,
  enterSeconds: 0.5,
  elementStaggerSeconds: 0.075,
} as const;

export const TOOLTIP = {
  showDelayMs: 0,
  hideDelayMs: 0,
  touchLongPressMs: 500,
  touchHideDelayMs: 1500,
  maxWidthPx: 250,
} as const;

export const DRAWER = { widthPx: 250, durationMs: 400 } as const;
/** Below this viewport width the drawer and its menu button exist. */
export const WIDE_LAYOUT_MIN_WIDTH_PX = 960;

export const EFFECT_MAX_RETRIES = 10;

export const AWS_CREDENTIALS = {
  refreshBeforeMs: 5 * 60_000,
  minRefreshDelayMs: 5_000,
  /** Without AWS's clock (the answer's Date), the browser's is taken to be this far behind it. */
  assumedClockSkewMs: 5 * 60_000,
  /** A Date further off than this is not believed. */
  maxClockOffsetMs: 24 * 60 * 60_000,
} as const;

/**
 * Cognito "advanced security" (threat protection) data collection: on. Cognito's hosted sign-in
 * page collects the data itself, so the app loads nothing for it; the flag records the choice.
 */
export const COGNITO_ADVANCED_SECURITY = true;
