import { env } from '../../config/env';
import type { KeyValueStorage } from '../../lib/storage';
import type { AuthModel } from '../../state/auth-model';
import { createOidcSession, type OidcSession } from './oidc-session';
import { SingleTabUserManager, userManagerSettings } from './user-manager';

// Loaded on demand (a sign-in answer, a stored session to check, a Login click), so oidc-client-ts
// stays out of the first load. Only start-auth.ts imports this module, and only dynamically; it is
// handed the app's state rather than importing it (a static import of app-state from this chunk
// makes Rolldown split React out of the first-load bundle).

export interface ConnectedSession {
  session: OidcSession;
  /** The answer in the URL is handled once, however often React (StrictMode) or the app asks. */
  handleCallbackOnce(href: string): Promise<string>;
  reconcileOnce(): Promise<void>;
}

let connected: ConnectedSession | null = null;

/** The app's one UserManager and session, made on first use. */
export function connectSession(auth: AuthModel, storage: KeyValueStorage): ConnectedSession {
  if (connected) return connected;
  if (!env.oidc) throw new Error('Sign-in is not configured');
  const origin = window.location.origin;
  // localStorage, or the app's in-memory stand-in when it is unavailable; either has every
  // method WebStorageStateStore calls.
  const userManager = new SingleTabUserManager(userManagerSettings(env.oidc, origin, storage as Storage));
  const session = createOidcSession({
    userManager,
    auth,
    oidc: env.oidc,
    origin,
    redirect: (url) => window.location.assign(url),
  });
  userManager.events.addSilentRenewError((error) => void session.onRenewError(error));
  // Sign-in attempts that never came back leave their state (and PKCE verifier) behind.
  void userManager.clearStaleState().catch(() => undefined);

  let callback: Promise<string> | null = null;
  let reconciled: Promise<void> | null = null;
  connected = {
    session,
    handleCallbackOnce: (href) => (callback ??= session.handleCallback(href)),
    reconcileOnce: () => (reconciled ??= session.reconcile()),
  };
  return connected;
}
