import { computed, createModel, effect, signal } from '@preact/signals-react';
import { HOUR_CHECK_INTERVAL_MS, STORAGE_KEYS, STORAGE_PREFIX, THEME_COLORS, THEMES } from '../config/constants';
import { preferredLanguage } from '../i18n/languages';
import { pageAnimationsUnsupported } from '../lib/browser';
import { systemClock, type Clock } from '../lib/clock';
import { anyPayload } from '../lib/checks';
import { defineAction, runEffect } from '../lib/model-kit';
import { saveItem, type AppStorage } from '../lib/storage';
import { onOtherTabChange } from '../lib/storage-events';
import {
  DEFAULT_SETTINGS,
  effectiveTheme as themeOnScreen,
  routeAnimationMode,
  sanitizeSettings,
  SETTING_FIELDS,
  SETTING_NAMES,
  type SettingName,
  type SettingsState,
} from './settings-fields';

export interface SettingsDeps {
  /** What storage held at start-up (`snxt-SETTINGS`), sanitised field by field here. */
  stored?: unknown;
  storage: AppStorage;
  /** `<html>`: the effective theme is its one theme class, so portals and overlays get it too. */
  root: HTMLElement;
  clock?: Clock;
  userAgent?: string;
  /** The visitor's languages (`navigator.languages`): a first visit starts in the first one the app has. */
  preferredLanguages?: readonly string[];
  /** Whether the device is in dark mode, followed live (`prefers-color-scheme: dark`). */
  darkScheme?: ColorSchemeQuery;
  hourCheckIntervalMs?: number;
}

/** The part of a `matchMedia` result the model listens to. */
export interface ColorSchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
  removeEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
}

const NEVER_DARK: ColorSchemeQuery = {
  matches: false,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
};

const THEME_CLASSES = THEMES.map((theme) => theme.toLowerCase());
const titleOf = (name: string) =>
  name
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/[A-Z]/g, ' $&')
    .trim();

type ChangeActions = { [K in SettingName]: (value: SettingsState[K]) => boolean };

/**
 * Settings: one signal, its derived values, an action per field (from SETTING_FIELDS), and the
 * effects that follow it: saved to storage, the theme class on `<html>` and the browser's UI
 * colour, the clock's hour and the device's dark mode for night mode, other tabs' changes.
 * Disposing the model stops them all.
 */
export const SettingsModel = createModel(
  ({
    stored,
    storage,
    root,
    clock = systemClock,
    userAgent = '',
    preferredLanguages = [],
    darkScheme = NEVER_DARK,
    hourCheckIntervalMs = HOUR_CHECK_INTERVAL_MS,
  }: SettingsDeps) => {
    // Until the visitor chooses, the language is the first of theirs that the app has.
    const defaults = { ...DEFAULT_SETTINGS, language: preferredLanguage(preferredLanguages) };
    const initial = sanitizeSettings(stored, defaults);
    if (initial.rejected.length > 0) {
      console.warn(`Stored settings had invalid ${initial.rejected.join(', ')}; using defaults for them.`);
    }
    const state = signal<SettingsState>(initial.settings);

    const change = Object.fromEntries(
      SETTING_NAMES.map((name) => {
        const field = SETTING_FIELDS[name];
        const apply = (value: unknown) => {
          state.value = { ...state.value, [name]: value, ...field.alsoSets };
        };
        return [name, defineAction(`[Settings] Change ${titleOf(name)}`, field.check, apply)];
      }),
    ) as ChangeActions;

    /** Reloads the state from what storage holds (another tab changed it). */
    const reset = defineAction('[Settings] Reset', anyPayload, (next) => {
      state.value = sanitizeSettings(next, defaults).settings;
    });

    const systemDark = signal(darkScheme.matches);
    effect(() => {
      const follow = (event: { matches: boolean }) => (systemDark.value = event.matches);
      darkScheme.addEventListener('change', follow);
      return () => darkScheme.removeEventListener('change', follow);
    });
    const theme = computed(() => themeOnScreen(state.value, systemDark.value));
    const effectiveTheme = computed(() => theme.value.toLowerCase());

    runEffect('persist settings', () => void saveItem(storage, STORAGE_KEYS.settings, state.value));
    runEffect('theme class', () => {
      const themeClass = effectiveTheme.value;
      root.classList.remove(...THEME_CLASSES.filter((name) => name !== themeClass));
      root.classList.add(themeClass);
    });
    runEffect('theme colour', () => {
      root.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme.value]);
    });

    // The hour is compared with the clock, not with a cached value, so two tabs agree and never argue.
    const ticks = signal(0);
    effect(() => {
      const timer = setInterval(() => ticks.value++, hourCheckIntervalMs);
      return () => clearInterval(timer);
    });
    runEffect('hour', () => {
      void ticks.value;
      const hour = clock.now().getHours();
      if (state.value.hour !== hour) change.hour(hour);
    });

    effect(() => onOtherTabChange(storage, `${STORAGE_PREFIX}${STORAGE_KEYS.settings}`, reset));

    if (pageAnimationsUnsupported(userAgent)) change.pageAnimationsDisabled(true);

    return {
      state,
      effectiveTheme,
      routeAnimationMode: computed(() => routeAnimationMode(state.value)),
      change,
      reset,
    };
  },
);

export type SettingsModel = InstanceType<typeof SettingsModel>;
