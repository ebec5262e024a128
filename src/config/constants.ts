export const APP_VERSION = '9.0.0';

export const LANGUAGES = ['en', 'de', 'sk', 'fr', 'es', 'pt-br', 'zh-cn', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['he'];
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
/** Hides the prerendered English (from the boot script until the app shows the visitor's language). */
export const TRANSLATING_CLASS = 'snxt-translating';
export const SIGNED_IN_CLASS = 'snxt-signed-in';
/** Hides a prerendered page served for another path (a deep link gets index.html) until the app renders that path. */
export const OTHER_PAGE_CLASS = 'snxt-other-page';

export const THEMES = ['DEFAULT-THEME', 'LIGHT-THEME', 'NATURE-THEME', 'BLACK-THEME'] as const;
export type Theme = (typeof THEMES)[number];
/** `<meta name="theme-color">`: each theme's toolbar colour in themes.css. */
export const THEME_COLORS: Record<Theme, string> = {
  'DEFAULT-THEME': '#3949ab',
  'LIGHT-THEME': '#ffffff',
  'NATURE-THEME': '#2e6b34',
  'BLACK-THEME': '#181b22',
};

export const NIGHT_START_HOUR = 21;
export const NIGHT_END_HOUR = 7;
export const NIGHT_MODE_SOURCES = ['hours', 'system'] as const;
export type NightModeSource = (typeof NIGHT_MODE_SOURCES)[number];
export const HOUR_CHECK_INTERVAL_MS = 60_000;

export const STORAGE_PREFIX = 'snxt-';

export const OIDC_STORE_PREFIX = 'oidc.';
export const GROUPS_CLAIM = 'cognito:groups';
// Cognito's own limits (100 groups per user, names of 1–128 characters): a claim beyond them is not trusted.
export const GROUPS_LIMITS = { maxGroups: 100, maxNameLength: 128 } as const;
export const REVOKE_TIMEOUT_MS = 5000;
export const STORAGE_KEYS = { auth: 'AUTH', settings: 'SETTINGS', identity: 'IDENTITY' } as const;
export const CONSENT = { storageKey: 'CONSENT', version: 1, maxAgeMonths: 12 } as const;
export const IDLE_SIGN_OUT = {
  storageKey: 'IDLE',
  warningMs: 2 * 60_000,
  announceEverySeconds: 30,
  activityWriteEveryMs: 5_000,
  handOverMs: 2_000,
} as const;

export const TOAST_DURATION_MS = {
  default: 2000,
  info: 2000,
  success: 2000,
  warning: 2500,
  error: 3000,
} as const;
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
export const WIDE_LAYOUT_MIN_WIDTH_PX = 960;

export const EFFECT_MAX_RETRIES = 10;

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

export const AWS_CREDENTIALS = {
  refreshBeforeMs: 5 * 60_000,
  minRefreshDelayMs: 5_000,
  assumedClockSkewMs: 5 * 60_000,
  maxClockOffsetMs: 24 * 60 * 60_000,
} as const;

export const TEXT_SIZE_CHOICES = ['default', 'large', 'larger'] as const;
export type TextSize = (typeof TEXT_SIZE_CHOICES)[number];
