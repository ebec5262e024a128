import { env } from '../config/env';
import { startAuth } from '../features/auth/start-auth';
import { startI18n } from '../i18n/i18n-state';
import { pageAnimationsUnsupported } from '../lib/browser';
import { installGlobalErrorHandlers } from '../lib/global-errors';
import { connectReporter } from '../lib/report';
import { auth, notifications, settings, storage } from '../state/app-state';
import { followOtherTabs } from '../state/cross-tab';
import { applyThemeClass, persistState } from '../state/effects';
import { startHourTick } from '../state/hour-tick';
import { createToastReporter } from './toast-reporter';

/** Starts the side effects that follow the state (errors, persistence, theme, language, clock, other tabs). */
export function startApp(root: HTMLElement = document.documentElement): () => void {
  const stops = [connectReporter(createToastReporter(notifications, env.production)), installGlobalErrorHandlers()];
  // Safari and legacy IE / EdgeHTML cannot play page animations smoothly (SPEC §5).
  if (pageAnimationsUnsupported(navigator.userAgent)) settings.changePageAnimationsDisabled(true);
  stops.push(
    startHourTick(settings),
    persistState(storage, settings, auth),
    applyThemeClass(root, settings),
    startI18n(settings, root),
    followOtherTabs(window, storage, settings, auth),
  );
  // After persistence starts, so a sign-in answer or a reconciled session is saved.
  startAuth();
  return () => stops.forEach((stop) => stop());
}
