import { env, type OidcEnv } from '../../config/env';
import { cachedPromise } from '../../lib/cached-promise';
import { reportNotice } from '../../lib/report';
import { auth, storage } from '../../state/app-state';
import { currentPath, isSignInCallback, withoutCallbackParams } from './callback-url';
import { takeCarriedNotice } from './carried-notice';
import { AUTH_NOTICES } from './notices';
import { answersPendingSignIn, OIDC_STORE_PREFIX } from './pending-sign-in';
import type { ConnectedSession } from './session';

// oidc-client-ts and the session are one chunk (session.ts), fetched only for the answer to a
// sign-in started here, a stored "signed in" to check, or a Login or Logout click: a signed-out
// visitor's first paint never waits for it, and neither does a forged link.
let loadSession = cachedPromise(() => import('./session').then((module) => module.connectSession(auth, storage)));

/** Replaces the chunk (unit tests). */
export function setSessionLoader(load: () => Promise<ConnectedSession>): void {
  loadSession = cachedPromise(load);
}

/** Login: leaves for the hosted sign-in page, to come back to the page it was pressed on. */
export function login(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): void {
  auth.login();
  const returnTo = currentPath(location);
  loadSession().then(
    ({ session }) => session.login(returnTo),
    (error: unknown) => {
      console.warn('Could not load sign-in', error);
      reportNotice(AUTH_NOTICES.providerUnavailable);
    },
  );
}

/** Logout: signed out here at once; then the refresh token is revoked and the provider's session ends. */
export function logout(): void {
  auth.logout();
  loadSession().then(
    ({ session }) => session.endSession(),
    (error: unknown) => {
      console.warn('Could not load sign-out', error);
      reportNotice(AUTH_NOTICES.signOutIncomplete);
    },
  );
}

function reconcile() {
  if (!auth.state.value.isAuthenticated) return;
  loadSession().then(
    (connected) => connected.reconcileOnce(),
    (error: unknown) => console.warn('Could not load sign-in to check the stored session', error),
  );
}

function handleAnswer(url: URL): Promise<string> {
  return loadSession()
    .then((connected) => connected.handleCallbackOnce(url.href))
    .catch((error: unknown) => {
      console.warn('Could not load sign-in', error);
      auth.sessionEnded();
      reportNotice(AUTH_NOTICES.signInFailed);
      return withoutCallbackParams(url);
    });
}

/** A link anyone could have made: cleaned away and explained, the session left as it was. */
function ignoreAnswer(url: URL): string {
  console.warn('Ignored a sign-in answer to no sign-in started in this browser');
  reportNotice(AUTH_NOTICES.callbackIgnored);
  reconcile();
  return withoutCallbackParams(url);
}

let pendingCallback: Promise<string> | null = null;

/**
 * At start-up: shows a notice kept from before the provider's sign-out page, then handles a
 * sign-in answer in the URL or checks a stored "signed in" against the OIDC session. Does nothing
 * when sign-in is not configured.
 */
export function startSignIn({
  oidc = env.oidc,
  location = window.location,
}: { oidc?: OidcEnv | null; location?: Pick<Location, 'href'> } = {}): void {
  if (!oidc) return;
  const carried = takeCarriedNotice();
  if (carried) reportNotice(carried);

  const url = new URL(location.href);
  if (!isSignInCallback(url)) return reconcile();
  pendingCallback = answersPendingSignIn(url, (id) => storage.getItem(`${OIDC_STORE_PREFIX}${id}`)).then((pending) =>
    pending ? handleAnswer(url) : ignoreAnswer(url),
  );
}

/**
 * The sign-in answer being handled at start-up, resolving to the app path to show afterwards.
 * Handed out once, so the URL is cleaned once even when React runs effects twice.
 */
export function takePendingCallback(): Promise<string> | null {
  const pending = pendingCallback;
  pendingCallback = null;
  return pending;
}
