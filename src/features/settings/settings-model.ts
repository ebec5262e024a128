import { computed, createModel, effect, signal } from '@preact/signals-react';
import { HOUR_CHECK_INTERVAL_MS, STORAGE_KEYS, STORAGE_PREFIX } from '../../config/constants';
import { pageAnimationsUnsupported } from '../../lib/browser';
import { anyPayload } from '../../lib/checks';
import { systemClock, type Clock } from '../../lib/clock';
import { defineAction, runEffect } from '../../lib/model-kit';
import { saveItem, type AppStorage } from '../../lib/storage';
import { onOtherTabChange } from '../../lib/storage-events';
import { showTextSize } from './text-size';
import { effectiveTheme, showTheme } from './theme';
import {
  sanitizeSettings,
  SETTING_FIELDS,
  SETTING_NAMES,
  visitorDefaults,
  type SettingName,
  type SettingsState,
} from './settings-fields';
import { runningSlot } from '../../lib/running-slot';

export interface SettingsDeps {
  stored?: unknown;
  storage: AppStorage;
  root: HTMLElement;
  clock?: Clock;
  userAgent?: string;
  preferredLanguages?: readonly string[];
  darkScheme?: ColorSchemeQuery;
  hourCheckIntervalMs?: number;
}

interface ColorSchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
  removeEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
}

const NEVER_DARK: ColorSchemeQuery = {
  matches: false,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
};

const titleOf = (name: string) =>
  name
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/[A-Z]/g, ' $&')
    .trim();

export type RouteAnimationMode = 'ALL' | 'PAGE' | 'ELEMENTS' | 'NONE';

function routeAnimationMode({ pageAnimations, elementsAnimations }: SettingsState): RouteAnimationMode {
  if (pageAnimations && elementsAnimations) return 'ALL';
  if (pageAnimations) return 'PAGE';
  if (elementsAnimations) return 'ELEMENTS';
  return 'NONE';
}

type ChangeActions = { [K in SettingName]: (value: SettingsState[K]) => boolean };

export const SettingsModel = /* @__PURE__ */ createModel(
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
    const defaults = visitorDefaults(preferredLanguages);
    const initial = sanitizeSettings(stored, defaults);
    if (initial.rejected.length > 0) {
      console.warn(`Stored settings had invalid ${initial.rejected.join(', ')}; using defaults for them.`);
    }
    const state = signal<SettingsState>(initial.value);

    const change = Object.fromEntries(
      SETTING_NAMES.map((name) => {
        const field = SETTING_FIELDS[name];
        const apply = (value: unknown) => {
          state.value = { ...state.value, [name]: value, ...field.alsoSets };
        };
        return [name, defineAction(`[Settings] Change ${titleOf(name)}`, field.check, apply)];
      }),
    ) as ChangeActions;

    const reset = defineAction('[Settings] Reset', anyPayload, (next) => {
      state.value = sanitizeSettings(next, defaults).value;
    });

    const systemDark = signal(darkScheme.matches);
    effect(() => {
      const follow = (event: { matches: boolean }) => (systemDark.value = event.matches);
      darkScheme.addEventListener('change', follow);
      return () => darkScheme.removeEventListener('change', follow);
    });

    runEffect('persist settings', () => void saveItem(storage, STORAGE_KEYS.settings, state.value));
    runEffect('theme', () => {
      const settings = state.value;
      showTheme(root, effectiveTheme(settings, { hour: () => settings.hour, dark: () => systemDark.value }));
    });
    runEffect('text size', () => showTextSize(root, state.value.textSize));

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
      language: computed(() => state.value.language),
      routeAnimationMode: computed(() => routeAnimationMode(state.value)),
      change,
      reset,
    };
  },
);

export type SettingsModel = InstanceType<typeof SettingsModel>;

const running = /* @__PURE__ */ runningSlot<SettingsModel>('The settings model');
export const settings = running.get;
export const runSettings = running.run;
