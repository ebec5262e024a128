import { computed, signal } from '@preact/signals-react';
import { LANGUAGES, THEMES } from '../config/constants';
import { defineAction, isBoolean, oneOf, rejected, valid, type Validator } from './define-action';
import {
  effectiveThemeClass,
  isHour,
  routeAnimationMode,
  sanitizeSettings,
  type SettingsState,
} from './settings-model';

const hourValidator: Validator<number> = (payload) =>
  isHour(payload) ? valid(payload) : rejected(`expected an hour 0–23, got ${JSON.stringify(payload)}`);

/** Settings domain: one signal, its derived values and the named actions that change it. */
export function createSettingsState(stored?: unknown) {
  const initial = sanitizeSettings(stored);
  if (initial.rejected.length > 0) {
    console.warn(`Stored settings had invalid ${initial.rejected.join(', ')}; using defaults for them.`);
  }
  const state = signal<SettingsState>(initial.settings);

  const merge = (patch: Partial<SettingsState>) => {
    state.value = { ...state.value, ...patch };
  };
  const field = <K extends keyof SettingsState>(name: string, key: K, validate: Validator<SettingsState[K]>) =>
    defineAction(name, validate, (value) => merge({ [key]: value } as Partial<SettingsState>));

  return {
    state,
    effectiveTheme: computed(() => effectiveThemeClass(state.value)),
    routeAnimationMode: computed(() => routeAnimationMode(state.value)),

    changeLanguage: field('[Settings] Change Language', 'language', oneOf(LANGUAGES)),
    changeTheme: field('[Settings] Change Theme', 'theme', oneOf(THEMES)),
    changeAutoNightMode: field('[Settings] Change Auto Night Mode', 'autoNightMode', isBoolean),
    changeNightTheme: field('[Settings] Change Night Theme', 'nightTheme', oneOf(THEMES)),
    changeStickyHeader: field('[Settings] Change Sticky Header', 'stickyHeader', isBoolean),
    changePageAnimations: field('[Settings] Change Page Animations', 'pageAnimations', isBoolean),
    changePageAnimationsDisabled: defineAction('[Settings] Change Page Animations Disabled', isBoolean, (disabled) =>
      merge(disabled ? { pageAnimationsDisabled: true, pageAnimations: false } : { pageAnimationsDisabled: false }),
    ),
    changeElementsAnimations: field('[Settings] Change Elements Animations', 'elementsAnimations', isBoolean),
    changeHour: field('[Settings] Change Hour', 'hour', hourValidator),
    /** Reloads the state from storage (another tab changed it). */
    reset: defineAction(
      '[Settings] Reset',
      (payload: unknown) => valid(payload),
      (stored) => {
        state.value = sanitizeSettings(stored).settings;
      },
    ),
  };
}

export type SettingsStore = ReturnType<typeof createSettingsState>;
