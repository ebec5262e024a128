import { env, type OidcEnv } from '../../config/env';
import { cachedPromise } from '../../lib/cached-promise';
import { reportNotice } from '../../lib/report';
import { auth, storage } from '../../state/app-state';
import { AUTH_NOTICES } from './auth-notices';
import type { ConnectedSession } from './auth-session';
import { currentPath, isSignInCallback, withoutCallbackParams } from './callback-url';

// oidc-client-ts and the session are one chunk, fetched only for a sign-in answer in the URL, a
// stored "signed in" to check, or a Login or Logout click: a signed-out visitor's first paint
// never waits for it.
let loadSession = cachedPromise(() => import('./auth-session').then((module) => module.connectSession(auth, storage)));

/** Replaces the chunk loader (unit tests). */
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

/** Logout: signed out here at once, then the provider's session ends. */
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

let pendingCallback: Promise<string> | null = null;

/**
 * At start-up: handles a sign-in answer in the URL, or checks a stored "signed in" against the
 * OIDC session. Does nothing when sign-in is not configured.
 */
export function startAuth({
  oidc = env.oidc,
  location = window.location,
}: { oidc?: OidcEnv | null; location?: Location } = {}): void {
  if (!oidc) return;
  const url = new URL(location.href);
  if (isSignInCallback(url)) {
    pendingCallback = loadSession()
      .then((module) => module.handleCallbackOnce(url.href))
      .catch((error: unknown) => {
        console.warn('Could not load sign-in', error);
        auth.sessionEnded();
        reportNotice(AUTH_NOTICES.signInFailed);
        return withoutCallbackParams(url);
      });
  } else if (auth.state.value.isAuthenticated) {
    loadSession().then(
      (module) => module.reconcileOnce(),
      (error: unknown) => console.warn('Could not load sign-in to check the stored session', error),
    );
  }
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
