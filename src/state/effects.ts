import { STORAGE_KEYS, THEMES } from '../config/constants';
import { runEffect } from '../lib/effect-runner';
import { saveItem, type KeyValueStorage } from '../lib/storage';
import type { AuthStore } from './auth';
import type { SettingsStore } from './settings';

const THEME_CLASSES = THEMES.map((theme) => theme.toLowerCase());

/** Saves settings and auth whenever they change (SPEC §5 persistence). */
export function persistState(storage: KeyValueStorage, settings: SettingsStore, auth: AuthStore) {
  const stops = [
    runEffect('persist settings', () => {
      saveItem(storage, STORAGE_KEYS.settings, settings.state.value);
    }),
    runEffect('persist auth', () => {
      const { isAuthenticated, user } = auth.state.value;
      saveItem(storage, STORAGE_KEYS.auth, { user, isAuthenticated });
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Keeps exactly one theme class on `<html>`, so portals and overlays get it too. */
export function applyThemeClass(root: HTMLElement, settings: SettingsStore) {
  return runEffect('theme class', () => {
    const theme = settings.effectiveTheme.value;
    root.classList.remove(...THEME_CLASSES.filter((name) => name !== theme));
    root.classList.add(theme);
  });
}
