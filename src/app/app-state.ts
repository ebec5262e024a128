import { env } from '../config/env';
import { AuthModel, runAuth } from '../features/auth';
import { NotificationsModel, runNotifications } from '../features/notifications';
import { I18nModel, runI18n, runSettings, SettingsModel } from '../features/settings';
import type { createMessagesLoader } from '../i18n/load-messages';
import type { Clock } from '../lib/clock';
import { connectSession } from '../lib/session-user';
import { loadStoredState, openStorage, runAppStorage, type AppStorage } from '../lib/storage';

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

/** The domains' models from what storage holds, in their slots; notifications first, to show what the others report. */
export function startState(given: Partial<AppStateDeps> = {}): () => void {
  const deps: AppStateDeps = {
    ...given,
    storage: given.storage ?? openStorage().storage,
    root: given.root ?? document.documentElement,
    userAgent: given.userAgent ?? navigator.userAgent,
    preferredLanguages: given.preferredLanguages ?? navigator.languages,
    darkScheme: given.darkScheme ?? window.matchMedia('(prefers-color-scheme: dark)'),
  };
  const { storage, root, production, loadMessages } = deps;
  const stops = [runAppStorage(storage), runNotifications(new NotificationsModel(production ?? env.production))];
  const stored = loadStoredState(storage);
  const settings = new SettingsModel({ ...deps, stored: stored.settings });
  const auth = new AuthModel({ stored: stored.auth, storage });
  stops.push(runSettings(settings), runAuth(auth), connectSession(auth.state));
  stops.push(runI18n(new I18nModel({ language: settings.language, root, load: loadMessages })));
  return () => stops.reverse().forEach((stop) => stop());
}
