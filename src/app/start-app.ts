import type { AnyRouter } from '@tanstack/react-router';
import { env } from '../config/env';
import { preloadTooltips } from '../components/ui/tooltip';
import { runSignIn } from '../features/auth/sign-in';
import { SignInModel } from '../features/auth/sign-in-model';
import { whenTakingInput } from '../lib/early-input';
import { installGlobalErrorHandlers } from '../lib/global-errors';
import { auth, settings, startState, storage, type AppStateDeps } from './app-state';
import { preloadToaster } from '../features/notifications/notice-toaster';
import { leavePagesWhenSignedOut } from './routing/page-guard';
import { preloadCommandPalette } from '../features/command-palette/palette-button';
import { startPageTitle } from './routing/page-title';
import { afterFirstLoad, preloadLazyRoutes, whenIdleInTurn } from './routing/preload-routes';
import { startErrorReports } from '../features/error-reports/start-error-reports';

// Only with an identity pool, and after the first page: it stays out of the first-load bundle.
const awsCredentials = () => import('../features/aws-identity/aws-credentials');

export function startApp(router: AnyRouter, deps: Partial<AppStateDeps> = {}): () => void {
  const reports = __ERROR_REPORT_URL__ ? startErrorReports(router, __ERROR_REPORT_URL__) : () => {};
  const stops = [reports, startState(deps), installGlobalErrorHandlers(), startPageTitle(router)];
  let stopOffline = () => {};
  stops.push(() => stopOffline());
  if (__GA_MEASUREMENT_ID__) {
    const analytics = import('../features/analytics/start-analytics').then((module) => module.startAnalytics(router));
    stops.push(() => void analytics.then((stop) => stop()));
  }
  // After the state, so a sign-in answer or a reconciled session is saved.
  const signIn = new SignInModel({
    auth,
    storage,
    oidc: env.oidc,
    location: window.location,
    language: settings.language,
  });
  router.update({ context: { signIn } });
  stops.push(runSignIn(signIn), leavePagesWhenSignedOut(router));
  const identityPool = Boolean(env.cognitoIdentity);
  if (identityPool) stops.push(() => void awsCredentials().then((aws) => aws.stopAwsCredentials()));
  // After the first page (a failed preload must not look stale) and the app taking input; one idle task each.
  afterFirstLoad(router, () =>
    whenTakingInput(() =>
      whenIdleInTurn([
        () => preloadLazyRoutes(router),
        preloadToaster,
        preloadTooltips,
        preloadCommandPalette,
        async () => identityPool && (await awsCredentials()).startAwsCredentials(),
        async () => {
          if (env.production) stopOffline = (await import('../features/offline/start-offline')).startOffline(router);
        },
      ]),
    ),
  );
  return () => stops.forEach((stop) => stop());
}
