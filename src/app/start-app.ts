import { env } from '../config/env';
import { startI18n } from '../i18n/i18n-state';
import { installGlobalErrorHandlers } from '../lib/global-errors';
import { connectReporter } from '../lib/report';
import { auth, notifications, settings, storage } from '../state/app-state';
import { applyThemeClass, persistState } from '../state/effects';
import { createToastReporter } from './toast-reporter';

/** Starts the side effects that follow the state (persistence, theme class, language). */
export function startApp(root: HTMLElement = document.documentElement): () => void {
  const stops = [
    connectReporter(createToastReporter(notifications, env.production)),
    installGlobalErrorHandlers(),
    persistState(storage, settings, auth),
    applyThemeClass(root, settings),
    startI18n(settings, root),
  ];
  return () => stops.forEach((stop) => stop());
}
