import type { AnyRouter } from '@tanstack/react-router';
import { env } from '../config/env';
import { preloadTooltips } from '../components/ui/tooltip';
import { startSignIn } from '../features/auth/sign-in';
import { installGlobalErrorHandlers } from '../lib/global-errors';
import { startState, type AppStateDeps } from '../state/app-state';
import { preloadToaster } from './app-toaster';
import { leavePagesWhenSignedOut } from './auth-guard';
import { startPageTitle } from './page-title';
import { afterFirstLoad, preloadLazyRoutes, whenIdleInTurn } from './preload-routes';

/**
 * Starts everything that runs beside the pages: the state (its models and their effects), the
 * global error handlers, sign-in, what follows the router (page title, page views, background
 * preloads, then AWS credentials when an identity pool is configured) and, in production, the
 * service worker. Returns a function that stops it all.
 */
// Only with an identity pool, and after the first page: it stays out of the first-load bundle.
const awsCredentials = () => import('../state/aws-credentials');

export function startApp(router: AnyRouter, deps: Partial<AppStateDeps> = {}): () => void {
  const stops = [startState(deps), installGlobalErrorHandlers(), startPageTitle(router)];
  // The service worker's starter comes with the background work: nothing of it is in the first load.
  let stopOffline = () => {};
  stops.push(() => stopOffline());
  if (env.gaMeasurementId) {
    // Only a build with a measurement id ever loads the page-view code.
    const analytics = import('./start-analytics').then((module) => module.startAnalytics(router));
    stops.push(() => void analytics.then((stop) => stop()));
  }
  // After the state, so a sign-in answer or a reconciled session is saved.
  stops.push(startSignIn(), leavePagesWhenSignedOut(router));
  const identityPool = Boolean(env.cognitoIdentity);
  if (identityPool) stops.push(() => void awsCredentials().then((aws) => aws.stopAwsCredentials()));
  // Background work waits for the first page: a failed preload must not look like a stale page.
  // One idle callback each, one after the other: together they would be one long task.
  afterFirstLoad(router, () =>
    whenIdleInTurn([
      () => preloadLazyRoutes(router),
      preloadToaster,
      preloadTooltips,
      async () => identityPool && (await awsCredentials()).startAwsCredentials(),
      async () => {
        if (env.production) stopOffline = (await import('./start-offline')).startOffline(router);
      },
    ]),
  );
  return () => stops.forEach((stop) => stop());
}
