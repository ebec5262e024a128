import { env, type OidcEnv } from '../../config/env';
import { reportNotice } from '../../lib/report';
import { auth as appAuth, storage } from '../../state/app-state';
import type { AuthStore } from '../../state/auth';
import { AUTH_NOTICES } from './auth-notices';
import { currentPath, isSignInCallback, withoutCallbackParams } from './callback-url';

import type { ConnectedSession } from './auth-session';

export interface StartAuthOptions {
  oidc?: OidcEnv | null;
  auth?: AuthStore;
  location?: Location;
  /** Loads oidc-client-ts and the session; a separate chunk. */
  load?: () => Promise<ConnectedSession>;
}

let pendingCallback: Promise<string> | null = null;

/**
 * Connects the Login/Logout actions to the OIDC session without loading it: oidc-client-ts is
 * fetched only for a sign-in answer in the URL, a stored "signed in" to check, or a Login click.
 * A signed-out visitor's first paint never waits for it.
 */
export function startAuth({
  oidc = env.oidc,
  auth = appAuth,
  location = window.location,
  load,
}: StartAuthOptions = {}): void {
  if (!oidc) return;
  load ??= () => import('./auth-session').then((module) => module.connectSession(auth, storage));
  auth.hooks.startLogin = () => {
    const returnTo = currentPath(location);
    load().then(
      ({ session }) => session.login(returnTo),
      (error: unknown) => {
        console.warn('Could not load sign-in', error);
        reportNotice(AUTH_NOTICES.providerUnavailable);
      },
    );
  };
  auth.hooks.endSession = () => {
    load().then(
      ({ session }) => session.endSession(),
      (error: unknown) => {
        console.warn('Could not load sign-out', error);
        reportNotice(AUTH_NOTICES.signOutIncomplete);
      },
    );
  };

  const url = new URL(location.href);
  if (isSignInCallback(url)) {
    pendingCallback = load()
      .then((module) => module.handleCallbackOnce(url.href))
      .catch((error: unknown) => {
        console.warn('Could not load sign-in', error);
        auth.sessionEnded();
        reportNotice(AUTH_NOTICES.signInFailed);
        return withoutCallbackParams(url);
      });
  } else if (auth.state.value.isAuthenticated) {
    load().then(
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
