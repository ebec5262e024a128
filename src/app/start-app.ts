import type { AnyRouter } from '@tanstack/react-router';
import { preloadTooltips } from '../components/ui/tooltip';
import { env } from '../config/env';
import { loadAnalytics } from '../features/analytics';
import { auth, runSignIn, SignInModel, signInAfterIdleSignOut, startIdleSignOut } from '../features/auth';
import { loadAwsCredentials } from '../features/aws-identity';
import { startErrorReports } from '../features/error-reports';
import { preloadToaster } from '../features/notifications';
import { loadOffline } from '../features/offline';
import { settings } from '../features/settings';
import { whenTakingInput } from '../lib/early-input';
import { installGlobalErrorHandlers } from '../lib/global-errors';
import { afterFirstLoad, whenIdleInTurn } from '../lib/idle';
import { appStorage } from '../lib/storage';
import { startState, type AppStateDeps } from './app-state';
import { loadCommandPalette } from './load-command-palette';
import { leavePagesWhenSignedOut } from './routing/page-guard';
import { startPageTitle } from './routing/page-title';
import { preloadLazyRoutes } from './routing/preload-routes';

export function startApp(router: AnyRouter, deps: Partial<AppStateDeps> = {}): () => void {
  const reports = __ERROR_REPORT_URL__ ? startErrorReports(router, __ERROR_REPORT_URL__) : () => {};
  const stops = [reports, startState(deps), installGlobalErrorHandlers(), startPageTitle(router)];
  let stopOffline = () => {};
  stops.push(() => stopOffline());
  if (__GA_MEASUREMENT_ID__) {
    const analytics = loadAnalytics().then((module) => module.startAnalytics(router));
    stops.push(() => void analytics.then((stop) => stop()));
  }
  // After the state, so a sign-in answer or a reconciled session is saved.
  const signIn = new SignInModel({
    auth: auth(),
    storage: appStorage(),
    oidc: env.oidc,
    location: window.location,
    language: settings().language,
    ...(__IDLE_TIMEOUT_MINUTES__ ? signInAfterIdleSignOut(window.location.origin) : {}),
  });
  router.update({ context: { signIn } });
  stops.push(runSignIn(signIn), leavePagesWhenSignedOut(router));
  if (__IDLE_TIMEOUT_MINUTES__) stops.push(startIdleSignOut(__IDLE_TIMEOUT_MINUTES__));
  // Only with an identity pool, and after the first page: it stays out of the first-load bundle.
  const identityPool = Boolean(env.cognitoIdentity);
  if (identityPool) stops.push(() => void loadAwsCredentials().then((aws) => aws.stopAwsCredentials()));
  // After the first page (a failed preload must not look stale) and the app taking input; one idle task each.
  afterFirstLoad(router, () =>
    whenTakingInput(() =>
      whenIdleInTurn([
        () => preloadLazyRoutes(router),
        preloadToaster,
        preloadTooltips,
        loadCommandPalette,
        async () => identityPool && (await loadAwsCredentials()).startAwsCredentials(),
        async () => {
          if (env.production) stopOffline = (await loadOffline()).startOffline(router);
        },
      ]),
    ),
  );
  return () => stops.forEach((stop) => stop());
}
