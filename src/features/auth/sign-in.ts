import { effect, signal } from '@preact/signals-react';
import { OIDC_STORE_PREFIX } from '../../config/constants';
import { env, type OidcEnv } from '../../config/env';
import { connectAccessTokenSource } from '../../lib/access-token';
import { cachedPromise } from '../../lib/cached-promise';
import { connectIdToken, idTokenChanged } from '../../lib/id-token';
import { reportNotice } from '../../lib/report';
import { onOtherTabChange } from '../../lib/storage-events';
import { auth, storage } from '../../state/app-state';
import { currentPath, isSignInCallback, withoutCallbackParams } from './callback-url';
import { takeCarriedNotice } from './carried-notice';
import { AUTH_NOTICES } from './notices';
import type { ConnectedSession } from './session';
import { oidcUserKey, takeStoredTokens } from './stored-session';

// oidc-client-ts and the session are one chunk (session.ts), fetched only for the answer to a
// sign-in started here, a stored "signed in" to check, tokens left behind to revoke, or a Login or
// Logout click: a signed-out visitor's first paint never waits for it, and neither does a forged link.
let loadSession = cachedPromise(() => import('./session').then((module) => module.connectSession(auth, storage)));

/** Replaces the chunk (unit tests). */
export function setSessionLoader(load: () => Promise<ConnectedSession>): void {
  loadSession = cachedPromise(load);
}

/** A stored "signed in" could not be checked (the sign-in code did not load): it opens no protected page. */
let unverified = false;
/** A signed-in user whose stored session has been checked (or is being checked: the start-up waits). */
const signedIn = () => auth.state.value.isAuthenticated && !unverified;

/**
 * Whether a page that needs sign-in may send a signed-out visitor to the hosted sign-in by itself.
 * Not after a sign-in answer failed in this page load, nor once the visitor had been signed in
 * here (a sign-out, in this tab or another, is not undone behind their back): the gate then offers
 * Login instead.
 */
let automatic = true;

/** What a page that needs sign-in shows while it waits: on the way to the sign-in page, or Login. */
export const signInGate = signal<'signing-in' | 'sign-in' | null>(null);

/** Leaves for the hosted sign-in page; resolves to false when it could not (the provider or the chunk). */
function startLogin(returnTo: string, replace = false): Promise<boolean> {
  auth.login();
  return loadSession().then(
    ({ session }) => session.login(returnTo, replace),
    (error: unknown) => {
      console.warn('Could not load sign-in', error);
      reportNotice(AUTH_NOTICES.providerUnavailable);
      return false;
    },
  );
}

/** Login: leaves for the hosted sign-in page, to come back to the page it was pressed on. */
export function login(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): void {
  void startLogin(currentPath(location));
}

/** The sign-in configuration startSignIn was given. */
let configured: OidcEnv | null = null;

/**
 * Logout: the stored tokens are removed and the user signed out here at once, with no chunk to
 * load; then the refresh token is revoked and the provider's session ends.
 */
export function logout(): void {
  automatic = false;
  const ended = configured && takeStoredTokens(storage, configured);
  auth.logout();
  loadSession().then(
    ({ session }) => session.endSession(ended),
    (error: unknown) => {
      console.warn('Could not load sign-out', error);
      reportNotice(AUTH_NOTICES.signOutIncomplete);
    },
  );
}

let reconciling: Promise<void> = Promise.resolve();

function reconcile(): Promise<void> {
  if (!auth.state.value.isAuthenticated) return reconciling;
  reconciling = loadSession().then(
    (connected) => connected.reconcileOnce(),
    (error: unknown) => {
      unverified = true;
      console.warn('Could not load sign-in to check the stored session', error);
    },
  );
  return reconciling;
}

function handleAnswer(url: URL): Promise<string> {
  return loadSession()
    .then((connected) => connected.handleCallbackOnce(url.href))
    .catch((error: unknown) => {
      console.warn('Could not load sign-in', error);
      auth.sessionEnded();
      reportNotice(AUTH_NOTICES.signInFailed);
      return withoutCallbackParams(url);
    })
    .finally(() => {
      // A refused or failed answer: no automatic sign-in again from this page, or a provider that
      // answers at once with an error would have the app and itself bounce the user for ever.
      if (!auth.state.value.isAuthenticated) automatic = false;
    });
}

/** A link anyone could have made: cleaned away and explained, the session left as it was. */
function ignoreAnswer(url: URL): string {
  console.warn('Ignored a sign-in answer to no sign-in started in this browser');
  reportNotice(AUTH_NOTICES.callbackIgnored);
  void reconcile();
  return withoutCallbackParams(url);
}

let pendingCallback: Promise<string> | null = null;
/** The start-up work (a sign-in answer, the check of a stored "signed in") is done. */
let settled: Promise<void> = Promise.resolve();

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
    onOtherTabChange(storage, oidcUserKey(oidc), () => idTokenChanged()),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * At start-up: shows a notice kept from before the provider's sign-out page, then handles a
 * sign-in answer in the URL or checks a stored "signed in" against the OIDC session, connects
 * the access token to the HTTP helper and opens the ID token door. Does nothing when sign-in is not
 * configured. Returns a function that disconnects both.
 */
export function startSignIn({
  oidc = env.oidc,
  location = window.location,
}: { oidc?: OidcEnv | null; location?: Pick<Location, 'href'> } = {}): () => void {
  automatic = true;
  unverified = false;
  reconciling = settled = Promise.resolve();
  configured = oidc;
  if (!oidc) return () => undefined;
  const carried = takeCarriedNotice();
  if (carried) reportNotice(carried);
  // Tokens stored while signed out (a sign-out that could not finish): the chunk loads only for them.
  const left = auth.state.value.isAuthenticated ? null : takeStoredTokens(storage, oidc);
  if (left !== null) {
    loadSession().then(
      ({ session }) => session.revokeLeftover(left),
      (error: unknown) => console.warn('Could not load sign-in', error),
    );
  }

  const url = new URL(location.href);
  if (!isSignInCallback(url)) {
    settled = reconcile();
  } else {
    // Only an address that looks like an answer needs the check: its code stays out of the first load.
    pendingCallback = import('./pending-sign-in')
      .then(({ answersPendingSignIn }) =>
        answersPendingSignIn(url, (id) => storage.getItem(`${OIDC_STORE_PREFIX}${id}`)),
      )
      // Without that code the session decides: it checks the answer the same way before using it.
      .catch(() => true)
      .then((pending) => (pending ? handleAnswer(url) : ignoreAnswer(url)));
    settled = pendingCallback.then(() => reconciling);
  }
  const stops = [
    connectAccessTokenSource({
      // The sign-in chunk loads only for a request that is to carry a token, from a signed-in user.
      current: () => (signedIn() ? loadSession().then(({ tokens }) => tokens.current()) : Promise.resolve(null)),
      renew: (refused) => loadSession().then(({ tokens }) => tokens.renew(refused)),
      end: (refused) => void loadSession().then(({ tokens }) => tokens.end(refused)),
    }),
    openIdTokenDoor(oidc),
  ];
  return () => stops.forEach((stop) => stop());
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

function whenSignedIn(abort?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const stop = effect(() => {
      if (!signedIn()) return;
      resolve();
      queueMicrotask(() => stop());
    });
    abort?.addEventListener('abort', () => stop(), { once: true });
  });
}

/**
 * For a page that needs a signed-in user: waits for the start-up check of a stored "signed in",
 * then resolves once someone is signed in (here or in another tab). A signed-out visitor is sent to
 * the hosted sign-in without a history entry, to come back to `returnTo`, when `automatic` allows;
 * otherwise the gate offers Login.
 */
export async function requireSignIn(returnTo: string, abort?: AbortSignal): Promise<void> {
  await settled;
  if (signedIn()) {
    automatic = false;
    signInGate.value = null;
    return;
  }
  if (automatic) {
    automatic = false;
    signInGate.value = 'signing-in';
    void startLogin(returnTo, true).then((left) => {
      if (!left) signInGate.value = 'sign-in';
    });
  } else if (signInGate.peek() !== 'signing-in') {
    signInGate.value = 'sign-in';
  }
  return whenSignedIn(abort);
}

/** When the signed-in user signed in (the ID token's auth_time, kept with the tokens), or null. */
export function signedInAt(): Promise<Date | null> {
  return signedIn() ? loadSession().then(({ session }) => session.signedInAt()) : Promise.resolve(null);
}
