import type { UserManager } from 'oidc-client-ts';
import { env } from '../../config/env';
import type { OidcEnv } from '../../config/env';
import { idTokenChanged, type IdToken } from '../../lib/id-token';
import { reportNotice, type Notice } from '../../lib/report';
import type { AppStorage } from '../../lib/storage';
import type { AuthModel, UserProfile } from '../../state/auth-model';
import { AUTH_NOTICES } from './notices';
import { SESSION_NOTICES } from './session-notices';
import { withoutCallbackParams } from './callback-url';
import { answersPendingSignIn } from './pending-sign-in';
import { createAccessTokens } from './access-tokens';
import type { AccessTokenSource } from '../../lib/access-token';
import { profileFromClaims } from './profile-claims';
import { signedInAtOf } from './profile-details';
import { safeReturnPath } from './return-path';
import { endedSession, endProviderSession, revokeEndedSession, type SignOutUserManager } from './sign-out';
import { SingleTabUserManager, userManagerSettings } from './user-manager';

/** The part of the app's UserManager the session uses (the boundary unit tests replace). */
export type SessionUserManager = Pick<UserManager, 'signinRedirect' | 'signinCallback' | 'signinSilent'> &
  SignOutUserManager & { settings: Pick<UserManager['settings'], 'stateStore'> };

export interface SessionDeps {
  userManager: SessionUserManager;
  auth: AuthModel;
  oidc: OidcEnv;
  /** The app's origin, e.g. `https://app.example.com`; redirect URIs are it + '/'. */
  origin: string;
  /** Leaves the app for a provider page (location.assign). */
  redirect: (url: string) => void;
}

interface SignInState {
  returnTo: string;
}

const returnToOf = (state: unknown) =>
  typeof state === 'object' && state !== null ? (state as Partial<SignInState>).returnTo : undefined;

/** Sign-in, its answer, start-up reconciliation, renewal failures and sign-out over one UserManager. */
export function createSession({ userManager, auth, oidc, origin, redirect }: SessionDeps) {
  /**
   * Signs out here after the OIDC session is lost. Someone who was not signed in (another tab signed
   * out already) is not told about an ended session; a failed sign-in attempt is always explained.
   */
  async function endLocally(notice: Notice, always: boolean) {
    const wasSignedIn = auth.state.value.isAuthenticated;
    auth.sessionEnded();
    try {
      await userManager.removeUser();
    } catch (error) {
      console.warn('Could not remove the stored OIDC user', error);
    }
    if (always || wasSignedIn) reportNotice(notice);
  }

  /** The session cannot go on (a renewal failed, an API refused a renewed token): signed out, and told so. */
  async function expire(reason: string, error?: unknown): Promise<void> {
    console.warn(reason, error);
    await endLocally(SESSION_NOTICES.sessionExpired, false);
  }

  return {
    /**
     * Leaves for the hosted sign-in page; the callback brings the user back to `returnTo`. `replace`
     * leaves without a history entry (as a server's redirect would), for a sign-in the app started
     * itself: Back then does not return to a page that sends the user straight back. Resolves to
     * false when the provider could not be reached.
     */
    async login(returnTo: string, replace = false): Promise<boolean> {
      const state: SignInState = { returnTo: safeReturnPath(returnTo, origin) };
      try {
        await userManager.signinRedirect({ state, ...(replace ? { redirectMethod: 'replace' } : {}) });
        return true;
      } catch (error) {
        console.warn('Could not start the hosted sign-in', error);
        reportNotice(AUTH_NOTICES.providerUnavailable);
        return false;
      }
    },

    /** When the user signed in (the ID token's auth_time), kept with the tokens, never in app state. */
    async signedInAt(): Promise<Date | null> {
      return signedInAtOf((await userManager.getUser())?.profile);
    },

    /**
     * Verifies the provider's answer at `href` (state, PKCE, code exchange, ID token) and signs in
     * with the ID token's profile claims. Resolves to the app path to show: the page Login was
     * pressed on, or the current page without the answer's parameters. A failed answer to a sign-in
     * started here signs out; an answer to none (forged, replayed, stale) changes nothing.
     */
    async handleCallback(href: string): Promise<string> {
      const url = new URL(href);
      if (!(await answersPendingSignIn(url, (id) => userManager.settings.stateStore.get(id)))) {
        console.warn('Ignored a sign-in answer to no sign-in started in this browser');
        reportNotice(AUTH_NOTICES.callbackIgnored);
        return withoutCallbackParams(url);
      }
      try {
        const user = await userManager.signinCallback(href);
        if (!user) throw new Error('The sign-in answer did not produce a user.');
        // The action validates the claims (a subject, no tokens) before it signs in.
        if (!auth.loginSuccess(profileFromClaims(user.profile) as UserProfile)) {
          throw new Error('The ID token has no usable profile.');
        }
        return safeReturnPath(returnToOf(user.state), origin);
      } catch (error) {
        console.warn('Sign-in answer rejected', error);
        const cancelled = url.searchParams.get('error') === 'access_denied';
        await endLocally(cancelled ? SESSION_NOTICES.signInCancelled : AUTH_NOTICES.signInFailed, true);
        return withoutCallbackParams(url);
      }
    },

    /**
     * A stored "signed in" is only a hint: it stands with a valid access token, or a refresh token
     * that renews now; otherwise the user is signed out and told the session ended.
     */
    async reconcile(): Promise<void> {
      try {
        const user = await userManager.getUser();
        if (user && user.access_token && !user.expired) return;
        if (!user?.refresh_token) throw new Error('No OIDC session is stored.');
        if (!(await userManager.signinSilent())) throw new Error('The refresh token did not renew the session.');
      } catch (error) {
        console.warn('The stored session could not be restored', error);
        await endLocally(SESSION_NOTICES.sessionExpired, false);
      }
    },

    expire,

    /** The stored ID token and its verified issuer (AWS credentials need them), or null. */
    async idToken(): Promise<IdToken | null> {
      const user = await userManager.getUser();
      return user?.id_token ? { token: user.id_token, issuer: user.profile.iss } : null;
    },

    /** oidc-client-ts's automatic renewal failed: signed out, and told so. */
    onRenewError: (error: Error): Promise<void> => expire('Token renewal failed', error),

    /**
     * After Logout removed the tokens (`stored`, as they were stored): revokes the refresh token,
     * then ends the hosted session (sign-out.ts).
     */
    endSession: (stored: string | null): Promise<void> =>
      endProviderSession({ userManager, oidc, origin, redirect }, endedSession(stored)),

    /** Tokens found stored while signed out were removed at start-up: revokes their refresh token, quietly. */
    revokeLeftover: (stored: string): Promise<void> =>
      revokeEndedSession(userManager, endedSession(stored)).catch((error: unknown) => {
        console.warn('Could not revoke the refresh token left behind', error);
      }),
  };
}

export type Session = ReturnType<typeof createSession>;

export interface ConnectedSession {
  session: Session;
  /** The access token for APIs (the HTTP helper's token source). */
  tokens: AccessTokenSource;
  /** The answer in the URL is handled once, however often React (StrictMode) or the app asks. */
  handleCallbackOnce(href: string): Promise<string>;
  reconcileOnce(): Promise<void>;
  /** The ID token once a stored session has been checked (and renewed if it had to be). */
  idToken(): Promise<IdToken | null>;
}

let connected: ConnectedSession | null = null;

/**
 * The app's one UserManager and session, made on first use. This module is the sign-in chunk:
 * sign-in.ts imports it only dynamically and hands it the app's state (a static import of the
 * app state from this chunk makes Rolldown split React out of the first-load bundle).
 */
export function connectSession(auth: AuthModel, storage: AppStorage): ConnectedSession {
  if (connected) return connected;
  if (!env.oidc) throw new Error('Sign-in is not configured');
  const origin = window.location.origin;
  // The app's storage (localStorage, or its in-memory stand-in) has every method the store calls.
  const userManager = new SingleTabUserManager(userManagerSettings(env.oidc, origin, storage as unknown as Storage));
  const session = createSession({
    userManager,
    auth,
    oidc: env.oidc,
    origin,
    redirect: (url) => window.location.assign(url),
  });
  userManager.events.addSilentRenewError((error) => void session.onRenewError(error));
  // A sign-in or renewal stores a new ID token; Logout removes it.
  userManager.events.addUserLoaded(() => idTokenChanged());
  userManager.events.addUserUnloaded(() => idTokenChanged());
  // Sign-in attempts that never came back leave their state (and PKCE verifier) behind.
  void userManager.clearStaleState().catch(() => undefined);

  let callback: Promise<string> | null = null;
  let reconciled: Promise<void> | null = null;
  connected = {
    session,
    tokens: createAccessTokens(userManager, session.expire),
    handleCallbackOnce: (href) => (callback ??= session.handleCallback(href)),
    reconcileOnce: () => (reconciled ??= session.reconcile()),
    idToken: async () => {
      await reconciled;
      return session.idToken();
    },
  };
  return connected;
}
