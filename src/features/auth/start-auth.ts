import { env, type OidcEnv } from '../../config/env';
import { reportNotice } from '../../lib/report';
import type { KeyValueStorage } from '../../lib/storage';
import { auth as appAuth, storage as appStorage } from '../../state/app-state';
import type { AuthStore } from '../../state/auth';
import { AUTH_NOTICES } from './auth-notices';
import { currentPath, isSignInCallback, withoutCallbackParams } from './callback-url';
import { takeCarriedNotice } from './carried-notice';
import { answersPendingSignIn, OIDC_STORE_PREFIX } from './pending-sign-in';

import type { ConnectedSession } from './auth-session';

export interface StartAuthOptions {
  oidc?: OidcEnv | null;
  auth?: AuthStore;
  location?: Location;
  /** Where oidc-client-ts keeps the tokens and pending sign-ins (the app's storage). */
  storage?: KeyValueStorage;
  /** Loads oidc-client-ts and the session; a separate chunk. */
  load?: () => Promise<ConnectedSession>;
}

let pendingCallback: Promise<string> | null = null;

/**
 * Connects the Login/Logout actions to the OIDC session without loading it: oidc-client-ts is
 * fetched only for the answer to a sign-in started here, a stored "signed in" to check, or a Login
 * click. A signed-out visitor's first paint never waits for it, and neither does a forged link.
 */
export function startAuth({
  oidc = env.oidc,
  auth = appAuth,
  location = window.location,
  storage = appStorage,
  load,
}: StartAuthOptions = {}): void {
  if (!oidc) return;
  load ??= () => import('./auth-session').then((module) => module.connectSession(auth, storage));
  const connect = load;
  auth.hooks.startLogin = () => {
    const returnTo = currentPath(location);
    connect().then(
      ({ session }) => session.login(returnTo),
      (error: unknown) => {
        console.warn('Could not load sign-in', error);
        reportNotice(AUTH_NOTICES.providerUnavailable);
      },
    );
  };
  auth.hooks.endSession = () => {
    connect().then(
      ({ session }) => session.endSession(),
      (error: unknown) => {
        console.warn('Could not load sign-out', error);
        reportNotice(AUTH_NOTICES.signOutIncomplete);
      },
    );
  };
  // Told before the provider's sign-out page replaced the app (a failed revocation).
  const carried = takeCarriedNotice();
  if (carried) reportNotice(carried);

  const reconcile = () => {
    if (!auth.state.value.isAuthenticated) return;
    connect().then(
      (module) => module.reconcileOnce(),
      (error: unknown) => console.warn('Could not load sign-in to check the stored session', error),
    );
  };
  const handleAnswer = (url: URL) =>
    connect()
      .then((module) => module.handleCallbackOnce(url.href))
      .catch((error: unknown) => {
        console.warn('Could not load sign-in', error);
        auth.sessionEnded();
        reportNotice(AUTH_NOTICES.signInFailed);
        return withoutCallbackParams(url);
      });
  // A link anyone could have made: cleaned away and explained, the session left as it was.
  const ignoreAnswer = (url: URL) => {
    console.warn('Ignored a sign-in answer to no sign-in started in this browser');
    reportNotice(AUTH_NOTICES.callbackIgnored);
    reconcile();
    return withoutCallbackParams(url);
  };

  const url = new URL(location.href);
  if (isSignInCallback(url)) {
    pendingCallback = answersPendingSignIn(url, (id) => storage.getItem(`${OIDC_STORE_PREFIX}${id}`)).then((pending) =>
      pending ? handleAnswer(url) : ignoreAnswer(url),
    );
  } else {
    reconcile();
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
