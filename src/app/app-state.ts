import { createModel } from '@preact/signals-react';
import { env } from '../config/env';
import { I18nModel } from '../features/settings/language/i18n-model';
import type { createMessagesLoader } from '../i18n/load-messages';
import type { Clock } from '../lib/clock';
import { loadStoredState, openStorage, type AppStorage } from '../lib/storage';
import { AuthModel } from '../features/auth/auth-model';
import { NotificationsModel } from '../features/notifications/notifications-model';
import { SettingsModel } from '../features/settings/settings-model';

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

// Notifications first, so anything the others report at start-up is shown.
export const AppState = createModel((deps: AppStateDeps) => {
  const { storage, root, production, loadMessages } = deps;
  const notifications = new NotificationsModel(production ?? env.production);
  const stored = loadStoredState(storage);
  const settings = new SettingsModel({ ...deps, stored: stored.settings });
  const auth = new AuthModel({ stored: stored.auth, storage });
  const i18n = new I18nModel({ language: settings.language, root, load: loadMessages });
  return { notifications, settings, auth, i18n };
});

export type AppState = InstanceType<typeof AppState>;

// Set by startState(); undefined until then (and in a test that starts none).
export let storage: AppStorage;
export let notifications: AppState['notifications'];
export let settings: AppState['settings'];
export let auth: AppState['auth'];
export let i18n: AppState['i18n'];

export function startState(deps: Partial<AppStateDeps> = {}): () => void {
  storage = deps.storage ?? openStorage().storage;
  // Read only when not given: the prerender runs without a browser.
  const state = new AppState({
    ...deps,
    root: deps.root ?? document.documentElement,
    userAgent: deps.userAgent ?? navigator.userAgent,
    preferredLanguages: deps.preferredLanguages ?? navigator.languages,
    darkScheme: deps.darkScheme ?? window.matchMedia('(prefers-color-scheme: dark)'),
    storage,
  });
  ({ notifications, settings, auth, i18n } = state);
  return () => state[Symbol.dispose]();
}
