import { computed, createModel } from '@preact/signals-react';
import { env } from '../config/env';
import { I18nModel } from '../i18n/i18n-model';
import type { createMessagesLoader } from '../i18n/load-messages';
import type { Clock } from '../lib/clock';
import { loadStoredState, openStorage, type AppStorage } from '../lib/storage';
import { AuthModel } from './auth-model';
import { NotificationsModel } from './notifications-model';
import { SettingsModel } from './settings-model';

export interface AppStateDeps {
  storage: AppStorage;
  root: HTMLElement;
  userAgent: string;
  preferredLanguages?: readonly string[];
  darkScheme?: MediaQueryList;
  production?: boolean;
  clock?: Clock;
  loadMessages?: ReturnType<typeof createMessagesLoader>;
}

/**
 * All of the app's state: one model per domain, built from what storage holds. Notifications
 * come first, so anything the others report at start-up is shown.
 */
export const AppState = createModel((deps: AppStateDeps) => {
  const { storage, root, production, loadMessages } = deps;
  const notifications = new NotificationsModel(production ?? env.production);
  const stored = loadStoredState(storage);
  const settings = new SettingsModel({ ...deps, stored: stored.settings });
  const auth = new AuthModel({ stored: stored.auth, storage });
  const language = computed(() => settings.state.value.language);
  const i18n = new I18nModel({ language, root, load: loadMessages });
  return { notifications, settings, auth, i18n };
});

export type AppState = InstanceType<typeof AppState>;

// The running app's models, for components and features to import. startState() sets them;
// until then (and in a test that starts none) they are undefined.
export let storage: AppStorage;
export let notifications: AppState['notifications'];
export let settings: AppState['settings'];
export let auth: AppState['auth'];
export let i18n: AppState['i18n'];

/** Creates the app's state (every model's effects start with it); returns a function that disposes it. */
export function startState(deps: Partial<AppStateDeps> = {}): () => void {
  storage = deps.storage ?? openStorage().storage;
  const state = new AppState({
    root: document.documentElement,
    userAgent: navigator.userAgent,
    preferredLanguages: navigator.languages,
    darkScheme: window.matchMedia('(prefers-color-scheme: dark)'),
    ...deps,
    storage,
  });
  ({ notifications, settings, auth, i18n } = state);
  return () => state[Symbol.dispose]();
}
