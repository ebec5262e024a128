import type { User, UserManager } from 'oidc-client-ts';
import { env } from '../../config/env';
import type { OidcEnv } from '../../config/env';
import { idTokenChanged, type IdToken } from '../../lib/id-token';
import { reportNotice, type Notice } from '../../lib/report';
import type { AppStorage } from '../../lib/storage';
import type { AuthModel, UserProfile } from '../../state/auth-model';
import { AUTH_NOTICES } from './notices';
import { withoutCallbackParams } from './callback-url';
import { carryNotice, dropCarriedNotice } from './carried-notice';
import { answersPendingSignIn } from './pending-sign-in';
import { profileFromClaims } from './profile-claims';
import { safeReturnPath } from './return-path';
import { SingleTabUserManager, userManagerSettings } from './user-manager';

/** Logout goes on to the provider's sign-out after this long even if the revocation has not answered. */
export const REVOKE_TIMEOUT_MS = 5000;

function withTimeout<T>(task: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([task, timeout]).finally(() => clearTimeout(timer));
}

/** The part of oidc-client-ts's UserManager the session uses (the boundary unit tests replace). */
export type SessionUserManager = Pick<
  UserManager,
  'getUser' | 'signinRedirect' | 'signinCallback' | 'signinSilent' | 'revokeTokens' | 'removeUser' | 'signoutRedirect'
> & { settings: Pick<UserManager['settings'], 'stateStore'> };

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

  return {
    /** Leaves for the hosted sign-in page; the callback brings the user back to `returnTo`. */
    async login(returnTo: string): Promise<void> {
      const state: SignInState = { returnTo: safeReturnPath(returnTo, origin) };
      try {
        await userManager.signinRedirect({ state });
      } catch (error) {
        console.warn('Could not start the hosted sign-in', error);
        reportNotice(AUTH_NOTICES.providerUnavailable);
      }
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
        await endLocally(cancelled ? AUTH_NOTICES.signInCancelled : AUTH_NOTICES.signInFailed, true);
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
        await endLocally(AUTH_NOTICES.sessionExpired, false);
      }
    },

    /** The stored ID token and its verified issuer (AWS credentials need them), or null. */
    async idToken(): Promise<IdToken | null> {
      const user = await userManager.getUser();
      return user?.id_token ? { token: user.id_token, issuer: user.profile.iss } : null;
    },

    /** oidc-client-ts's automatic renewal failed: signed out, and told so. */
    async onRenewError(error: Error): Promise<void> {
      console.warn('Token renewal failed', error);
      await endLocally(AUTH_NOTICES.sessionExpired, false);
    },

    /**
     * After Logout cleared the app state: revokes the refresh token (ending the provider's session
     * leaves it valid), forgets the tokens, then ends the hosted session. Cognito has no
     * end_session_endpoint and uses its own /logout; other providers get RP-initiated logout.
     */
    async endSession(): Promise<void> {
      let user: User | null = null;
      let revoked = false;
      let revocation: Promise<void> | null = null;
      try {
        user = await userManager.getUser();
        revocation = userManager.revokeTokens(['refresh_token']);
        await withTimeout(revocation, REVOKE_TIMEOUT_MS, 'The revocation endpoint');
        revoked = true;
      } catch (error) {
        console.warn('Could not revoke the refresh token', error);
        // oidc-client-ts stores the user again once a revocation succeeds; a late one must not bring the tokens back.
        void revocation?.then(() => userManager.removeUser()).catch(() => undefined);
      }
      try {
        await userManager.removeUser();
      } catch (error) {
        console.warn('Could not remove the stored OIDC user', error);
      }
      // The provider's sign-out page replaces the app, so the notice waits for the way back.
      const carried = !revoked && carryNotice('signOutIncomplete');
      if (!revoked && !carried) reportNotice(AUTH_NOTICES.signOutIncomplete);
      try {
        if (oidc.cognitoDomain) {
          const logoutUri = encodeURIComponent(`${origin}/`);
          redirect(
            `${oidc.cognitoDomain}/logout?client_id=${encodeURIComponent(oidc.clientId)}&logout_uri=${logoutUri}`,
          );
        } else {
          await userManager.signoutRedirect({ id_token_hint: user?.id_token });
        }
      } catch (error) {
        console.warn('Could not end the session at the provider', error);
        if (carried) dropCarriedNotice();
        if (revoked || carried) reportNotice(AUTH_NOTICES.signOutIncomplete);
      }
    },
  };
}

export type Session = ReturnType<typeof createSession>;

export interface ConnectedSession {
  session: Session;
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
    handleCallbackOnce: (href) => (callback ??= session.handleCallback(href)),
    reconcileOnce: () => (reconciled ??= session.reconcile()),
    idToken: async () => {
      await reconciled;
      return session.idToken();
    },
  };
  return connected;
}
