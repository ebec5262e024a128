import {
  UserManager,
  WebStorageStateStore,
  type SigninSilentArgs,
  type User,
  type UserManagerSettings,
} from 'oidc-client-ts';
import { OIDC_STORE_PREFIX } from '../../../config/constants';
import type { OidcEnv } from '../../../config/env';

export const RENEW_LOCK_NAME = 'snxt-oidc-renew';
/** oidc-client-ts's expiring event: renewal starts this long before the access token expires. */
export const RENEW_BEFORE_EXPIRY_SECONDS = 60;

/** Runs `task` holding a lock shared by every tab (Web Locks); without the API it just runs. */
export function withLock<T>(name: string, task: () => Promise<T>, locks = globalThis.navigator?.locks): Promise<T> {
  return locks ? locks.request(name, task) : task();
}

/**
 * Cognito-compatible: code flow with PKCE, renewal by refresh token (Cognito has no iframe flow).
 * Tokens live in `storage` (localStorage in the app), so every tab shares one session.
 */
export function userManagerSettings(oidc: OidcEnv, origin: string, storage: Storage): UserManagerSettings {
  const home = `${origin}/`;
  const store = new WebStorageStateStore({ store: storage, prefix: OIDC_STORE_PREFIX });
  return {
    authority: oidc.authority,
    client_id: oidc.clientId,
    scope: oidc.scope,
    response_type: 'code',
    redirect_uri: home,
    post_logout_redirect_uri: home,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: RENEW_BEFORE_EXPIRY_SECONDS,
    monitorSession: false,
    // The ID token carries the profile claims (Cognito puts them there).
    loadUserInfo: false,
    // The default list without auth_time, which the profile page shows.
    filterProtocolClaims: ['nbf', 'jti', 'nonce', 'acr', 'amr', 'azp', 'at_hash'],
    userStore: store,
    stateStore: store,
    // Cognito revokes at {domain}/oauth2/revoke but does not list it in its discovery document.
    ...(oidc.cognitoDomain ? { metadataSeed: { revocation_endpoint: `${oidc.cognitoDomain}/oauth2/revoke` } } : {}),
    // RFC 7009's answer is an empty 200; some providers label it text/plain.
    revokeTokenAdditionalContentTypes: ['text/plain'],
  };
}

class SignedOutMeanwhile extends Error {}

/**
 * Renews only by refresh token, one tab at a time: a tab that waited for the lock keeps the tokens
 * another tab just stored. A renewal answer is stored only while the session it renewed is still
 * the stored one, so one arriving after a sign-out (in any tab) is dropped.
 */
export class SingleTabUserManager extends UserManager {
  /** The refresh token the renewal running in this tab started from. */
  private renewing: string | null = null;

  override async signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    return withLock(RENEW_LOCK_NAME, async () => {
      const user = await this.getUser();
      if (!user?.refresh_token) throw new Error('There is no refresh token to renew the session with.');
      if ((user.expires_in ?? 0) > RENEW_BEFORE_EXPIRY_SECONDS) return user;
      return this.renew(user.refresh_token, args);
    });
  }

  /** Renews a token an API refused, unless another tab or call has replaced it meanwhile. */
  async renewAccessToken(refused: string): Promise<User | null> {
    return withLock(RENEW_LOCK_NAME, async () => {
      const user = await this.getUser();
      if (!user?.refresh_token) throw new Error('There is no refresh token to renew the session with.');
      if (user.access_token !== refused && !user.expired) return user;
      return this.renew(user.refresh_token);
    });
  }

  revokeRefreshToken(token: string): Promise<void> {
    return this._client.revokeToken(token, 'refresh_token');
  }

  override async storeUser(user: User | null): Promise<void> {
    if (user && this.renewing !== null && (await this._loadUser())?.refresh_token !== this.renewing) {
      if (user.refresh_token && user.refresh_token !== this.renewing) {
        void this.revokeRefreshToken(user.refresh_token).catch(() => undefined);
      }
      throw new SignedOutMeanwhile();
    }
    return super.storeUser(user);
  }

  /** Null when the session was signed out or replaced before the answer came. */
  private async renew(from: string, args?: SigninSilentArgs): Promise<User | null> {
    this.renewing = from;
    try {
      return await super.signinSilent(args);
    } catch (error) {
      if (error instanceof SignedOutMeanwhile) return null;
      throw error;
    } finally {
      this.renewing = null;
    }
  }
}
