import { LANGUAGES, NIGHT_END_HOUR, NIGHT_START_HOUR, THEMES, type Language, type Theme } from '../config/constants';
import { ownValue } from '../lib/safe-keys';
import { isRecord } from '../lib/storage';

export interface SettingsState {
  language: Language;
  theme: Theme;
  autoNightMode: boolean;
  nightTheme: Theme;
  stickyHeader: boolean;
  pageAnimations: boolean;
  pageAnimationsDisabled: boolean;
  elementsAnimations: boolean;
  hour: number;
}

export const DEFAULT_SETTINGS: Readonly<SettingsState> = Object.freeze({
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

export type RouteAnimationMode = 'ALL' | 'PAGE' | 'ELEMENTS' | 'NONE';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);
export const isHour = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 23;
const isBool = (value: unknown): value is boolean => typeof value === 'boolean';

const FIELD_CHECKS: { [K in keyof SettingsState]: (value: unknown) => value is SettingsState[K] } = {
  language: isLanguage,
  theme: isTheme,
  autoNightMode: isBool,
  nightTheme: isTheme,
  stickyHeader: isBool,
  pageAnimations: isBool,
  pageAnimationsDisabled: isBool,
  elementsAnimations: isBool,
  hour: isHour,
};

/**
 * Rebuilds settings from stored data field by field: each valid field is kept, every other one
 * falls back to its default, so one bad value never costs the rest. Only own fields count, so a
 * polluted prototype cannot supply one.
 */
export function sanitizeSettings(stored: unknown): { settings: SettingsState; rejected: string[] } {
  const settings: SettingsState = { ...DEFAULT_SETTINGS };
  const rejected: string[] = [];
  if (stored === undefined) return { settings, rejected };
  if (!isRecord(stored)) return { settings, rejected: ['(whole value)'] };
  for (const field of Object.keys(FIELD_CHECKS) as (keyof SettingsState)[]) {
    if (!Object.hasOwn(stored, field)) continue;
    const value = ownValue(stored, field);
    if (FIELD_CHECKS[field](value)) (settings as unknown as Record<string, unknown>)[field] = value;
    else rejected.push(field);
  }
  if (settings.pageAnimationsDisabled) settings.pageAnimations = false;
  return { settings, rejected };
}

export const isNightHour = (hour: number) => hour >= NIGHT_START_HOUR || hour <= NIGHT_END_HOUR;

/** The lowercased theme class that goes on `<html>` (SPEC §5). */
export function effectiveThemeClass(settings: SettingsState): string {
  const theme = settings.autoNightMode && isNightHour(settings.hour) ? settings.nightTheme : settings.theme;
  return theme.toLowerCase();
}

export function routeAnimationMode({ pageAnimations, elementsAnimations }: SettingsState): RouteAnimationMode {
  if (pageAnimations && elementsAnimations) return 'ALL';
  if (pageAnimations) return 'PAGE';
  if (elementsAnimations) return 'ELEMENTS';
  return 'NONE';
}
