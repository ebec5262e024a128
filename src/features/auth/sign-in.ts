import { env, type OidcEnv } from '../../config/env';
import { cachedPromise } from '../../lib/cached-promise';
import { connectIdToken, idTokenChanged } from '../../lib/id-token';
import { reportNotice } from '../../lib/report';
import { onOtherTabChange } from '../../lib/storage-events';
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
 * Opens the ID token door (src/lib/id-token.ts) for the AWS credentials below the features: a
 * signed-in user's token, read from the session once a stored one has been checked, and word of
 * every change: sign-in and sign-out (the auth state, here or in another tab), a renewal (the
 * session says so; another tab's shows in the shared token store).
 */
function openIdTokenDoor(oidc: OidcEnv): () => void {
  const stops = [
    connectIdToken(() =>
      auth.state.value.isAuthenticated ? loadSession().then((connected) => connected.idToken()) : Promise.resolve(null),
    ),
    auth.state.subscribe(() => idTokenChanged()),
    onOtherTabChange(storage, `${OIDC_STORE_PREFIX}user:${oidc.authority}:${oidc.clientId}`, () => idTokenChanged()),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * At start-up: shows a notice kept from before the provider's sign-out page, then handles a
 * sign-in answer in the URL or checks a stored "signed in" against the OIDC session, and opens the
 * ID token door. Does nothing when sign-in is not configured. Returns a function that closes the door.
 */
export function startSignIn({
  oidc = env.oidc,
  location = window.location,
}: { oidc?: OidcEnv | null; location?: Pick<Location, 'href'> } = {}): () => void {
  if (!oidc) return () => undefined;
  const carried = takeCarriedNotice();
  if (carried) reportNotice(carried);

  const url = new URL(location.href);
  if (!isSignInCallback(url)) reconcile();
  else {
    pendingCallback = answersPendingSignIn(url, (id) => storage.getItem(`${OIDC_STORE_PREFIX}${id}`)).then((pending) =>
      pending ? handleAnswer(url) : ignoreAnswer(url),
    );
  }
  return openIdTokenDoor(oidc);
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
