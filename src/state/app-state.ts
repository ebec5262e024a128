import { loadStoredState, openStorage } from '../lib/storage';
import { createAuthState } from './auth';
import { createNotificationsState } from './notifications';
import { createSettingsState } from './settings';

/** The app's single instances, built from storage at start-up. Tests build their own. */
const opened = openStorage();
const stored = loadStoredState(opened.storage);

export const storage = opened.storage;
export const storageIsPersistent = opened.persistent;
export const settings = createSettingsState(stored.settings);
export const auth = createAuthState(stored.auth);
export const notifications = createNotificationsState();
