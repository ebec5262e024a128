import { startAuth } from '../features/auth/start-auth';
import { startI18n } from '../i18n/i18n-state';
import { auth, settings, storage } from '../state/app-state';
import { applyThemeClass, persistState } from '../state/effects';

/** Starts the side effects that follow the state (persistence, theme class, language). */
export function startApp(root: HTMLElement = document.documentElement): () => void {
  const stops = [persistState(storage, settings, auth), applyThemeClass(root, settings), startI18n(settings, root)];
  // After persistence starts, so a sign-in answer or a reconciled session is saved.
  startAuth();
  return () => stops.forEach((stop) => stop());
}
