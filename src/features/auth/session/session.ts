import type { SigninRedirectArgs, User, UserManager } from 'oidc-client-ts';
import type { Language } from '../../../config/constants';
import { COGNITO_LOGIN_LANGS, UI_LOCALE_TAGS } from '../../../config/hosted-page-languages';
import type { OidcEnv } from '../../../config/env';
import { reportNotice, type Notice } from '../../../lib/notice-bus';
import { tokensChanged, type IdToken, type SessionTokens } from '../../../lib/session-tokens';
import type { AppStorage } from '../../../lib/storage';
import type { AuthModel, UserProfile } from '../auth-model';
import { AUTH_NOTICES } from '../auth-notices';
import { createAccessTokens } from '../tokens/access-tokens';
import { withoutCallbackParams } from './callback-url';
import { SESSION_NOTICES } from './session-notices';
import { profileFromClaims } from './profile-claims';
import { safeReturnPath } from './return-path';
import { SignInStorageRefused } from './pending-sign-in';
import { endedSession, endProviderSession, revokeEndedSession, type SignOutUserManager } from './sign-out';
import { CrossTabUserManager, userManagerSettings } from './user-manager';

type SessionEvents = Pick<UserManager['events'], 'addUserLoaded' | 'addUserUnloaded' | 'addSilentRenewError'>;

type SessionUserManager = Pick<UserManager, 'signinRedirect' | 'signinRedirectCallback' | 'signinSilent'> &
  SignOutUserManager & { events: SessionEvents };

interface SessionDeps {
  userManager: SessionUserManager;
  auth: AuthModel;
  followed: (user: User) => boolean;
  oidc: OidcEnv;
  origin: string;
  redirect: (url: string) => void;
}

const returnToOf = (state: unknown) =>
  typeof state === 'object' && state !== null ? (state as { returnTo?: unknown }).returnTo : undefined;

// Cognito managed login reads its own `lang`, only for the languages it offers; other providers read ui_locales.
function hostedPageLanguage(language: Language, oidc: OidcEnv): SigninRedirectArgs {
  const lang = oidc.cognitoDomain ? COGNITO_LOGIN_LANGS[language] : undefined;
  return { ui_locales: UI_LOCALE_TAGS[language], ...(lang ? { extraQueryParams: { lang } } : {}) };
}

function createSession({ userManager, auth, followed, oidc, origin, redirect }: SessionDeps) {
  // Someone already signed out (another tab) is not told; a failed sign-in attempt always is.
  async function endLocally(notice: Notice, always: boolean) {
    const wasSignedIn = auth.state.value.isAuthenticated;
    try {
      await userManager.removeUser();
    } catch (error) {
      console.warn('Could not remove the stored OIDC user', error);
      auth.sessionEnded();
    }
    if (always || wasSignedIn) reportNotice(notice);
  }

  async function expire(reason: string, error?: unknown): Promise<void> {
    console.warn(reason, error);
    await endLocally(SESSION_NOTICES.sessionExpired, false);
  }

  return {
    // `replace`: for a sign-in the app started itself, Back must not return to the page that started it.
    async login(returnTo: string, language: Language, replace = false): Promise<boolean> {
      const state = { returnTo: safeReturnPath(returnTo, origin) };
      try {
        await userManager.signinRedirect({
          state,
          ...hostedPageLanguage(language, oidc),
          ...(replace ? { redirectMethod: 'replace' } : {}),
        });
        return true;
      } catch (error) {
        console.warn('Could not start the hosted sign-in', error);
        reportNotice(
          error instanceof SignInStorageRefused ? SESSION_NOTICES.storageNeeded : AUTH_NOTICES.providerUnavailable,
        );
        return false;
      }
    },

    // For an answer to a sign-in started here (answersPendingSignIn); oidc-client-ts refuses any other as failed.
    async handleCallback(href: string): Promise<string> {
      const url = new URL(href);
      try {
        const user = await userManager.signinRedirectCallback(href);
        if (!followed(user)) throw new Error('The ID token has no usable profile.');
        return safeReturnPath(returnToOf(user.state), origin);
      } catch (error) {
        console.warn('Sign-in answer rejected', error);
        const cancelled = url.searchParams.get('error') === 'access_denied';
        await endLocally(cancelled ? SESSION_NOTICES.signInCancelled : AUTH_NOTICES.signInFailed, true);
        return withoutCallbackParams(url);
      }
    },

    async reconcile(): Promise<void> {
      try {
        const user = await userManager.getUser(true);
        if (user && user.access_token && !user.expired) return;
        if (!user?.refresh_token) throw new Error('No OIDC session is stored.');
        if (!(await userManager.signinSilent())) throw new Error('The refresh token did not renew the session.');
      } catch (error) {
        console.warn('The stored session could not be restored', error);
        await endLocally(SESSION_NOTICES.sessionExpired, false);
      }
    },

    expire,

    async idToken(): Promise<IdToken | null> {
      const user = await userManager.getUser();
      return user?.id_token ? { token: user.id_token, issuer: user.profile.iss } : null;
    },

    onRenewError: (error: Error): Promise<void> => expire('Token renewal failed', error),

    endSession: (stored: string | null): Promise<void> =>
      endProviderSession({ userManager, oidc, origin, redirect }, endedSession(stored)),

    revokeLeftover: (stored: string): Promise<void> =>
      revokeEndedSession(userManager, endedSession(stored)).catch((error: unknown) => {
        console.warn('Could not revoke the refresh token left behind', error);
      }),
  };
}

type Session = ReturnType<typeof createSession>;

// snxt-AUTH follows the stored oidc User as it loads (at each renewal too: the same profile changes nothing), unloads.
function followUser(events: SessionEvents, auth: AuthModel): (user: User) => boolean {
  const followed = new WeakSet<User>();
  const sameUser = (profile: Record<string, unknown>) => {
    const { isAuthenticated, user } = auth.state.peek();
    return isAuthenticated && JSON.stringify(user) === JSON.stringify(profile);
  };
  events.addUserLoaded((user) => {
    const profile = profileFromClaims(user.profile);
    if (sameUser(profile) || auth.loginSuccess(profile as UserProfile)) followed.add(user);
    tokensChanged();
  });
  events.addUserUnloaded(() => {
    if (auth.state.peek().isAuthenticated) auth.sessionEnded();
    tokensChanged();
  });
  return (user) => followed.has(user);
}

export interface ConnectedSession {
  session: Session;
  tokens: Omit<SessionTokens, 'idToken'>;
  handleCallbackOnce(href: string): Promise<string>;
  reconcileOnce(): Promise<void>;
  idToken(): Promise<IdToken | null>;
}

// The model hands in the app's state: importing app-state here splits React out of the first load.
export function connectSession(
  auth: AuthModel,
  storage: AppStorage,
  oidc: OidcEnv | null,
  origin: string,
): ConnectedSession {
  if (!oidc) throw new Error('Sign-in is not configured');
  const userManager = new CrossTabUserManager(userManagerSettings(oidc, origin, storage as unknown as Storage));
  const followed = followUser(userManager.events, auth);
  const redirect = (url: string) => window.location.assign(url);
  const session = createSession({ userManager, auth, followed, oidc, origin, redirect });
  userManager.events.addSilentRenewError((error) => void session.onRenewError(error));
  // Sign-in attempts that never came back leave their state (and PKCE verifier) behind.
  void userManager.clearStaleState().catch(() => undefined);

  let callback: Promise<string> | null = null;
  let reconciled: Promise<void> | null = null;
  return {
    session,
    tokens: createAccessTokens(userManager, session.expire),
    handleCallbackOnce: (href) => (callback ??= session.handleCallback(href)),
    reconcileOnce: () => (reconciled ??= session.reconcile()),
    idToken: async () => {
      await reconciled;
      return session.idToken();
    },
  };
}
