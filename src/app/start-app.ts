import type { AnyRouter } from '@tanstack/react-router';
import { preloadTooltips } from '../components/ui/tooltip';
import { startSignIn } from '../features/auth/sign-in';
import { installGlobalErrorHandlers } from '../lib/global-errors';
import { startState, type AppStateDeps } from '../state/app-state';
import { preloadToaster } from './app-toaster';
import { startPageTitle } from './page-title';
import { afterFirstLoad, preloadLazyRoutes, whenIdleInTurn } from './preload-routes';
import { startAnalytics } from './start-analytics';
import { startOffline } from './start-offline';

/**
 * Starts everything that runs beside the pages: the state (its models and their effects), the
 * global error handlers, sign-in, what follows the router (page title, page views, background
 * preloads) and, in production, the service worker. Returns a function that stops it all.
 */
export function startApp(router: AnyRouter, deps: Partial<AppStateDeps> = {}): () => void {
  const stops = [
    startState(deps),
    installGlobalErrorHandlers(),
    startPageTitle(router),
    startAnalytics(router),
    startOffline(router),
  ];
  // After the state, so a sign-in answer or a reconciled session is saved.
  startSignIn();
  // Background work waits for the first page: a failed preload must not look like a stale page.
  // One idle callback each, one after the other: together they would be one long task.
  afterFirstLoad(router, () => whenIdleInTurn([() => preloadLazyRoutes(router), preloadToaster, preloadTooltips]));
  return () => stops.forEach((stop) => stop());
}
