import {
  UserManager,
  WebStorageStateStore,
  type SigninSilentArgs,
  type User,
  type UserManagerSettings,
} from 'oidc-client-ts';
import type { OidcEnv } from '../../config/env';
import { OIDC_STORE_PREFIX } from '../../config/constants';
import { withLock } from './renew-lock';

export const RENEW_LOCK_NAME = 'snxt-oidc-renew';
/** Renewal starts this long before the access token expires (oidc-client-ts's expiring event). */
export const RENEW_BEFORE_EXPIRY_SECONDS = 60;

/**
 * Cognito-compatible settings: code flow with PKCE S256 (oidc-client-ts's default), redirects to the
 * app's origin, renewal through the refresh token (Cognito has no iframe flow), no session iframe,
 * a revocation endpoint for Logout.
 * Tokens live in `storage` (localStorage in the app): every tab shares one session and one renewal,
 * and it lasts as long as the stored snxt-AUTH it backs. Tokens never go into snxt-AUTH itself.
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
    // The ID token carries the profile claims (Cognito puts them there), so no extra userinfo call.
    loadUserInfo: false,
    // oidc-client-ts's default list without auth_time: the profile page shows when the session was
    // signed in, read from the stored tokens' profile (the app state keeps no protocol claims).
    filterProtocolClaims: ['nbf', 'jti', 'nonce', 'acr', 'amr', 'azp', 'at_hash'],
    userStore: store,
    stateStore: store,
    // Cognito revokes refresh tokens at {domain}/oauth2/revoke but does not list it in its discovery document.
    ...(oidc.cognitoDomain ? { metadataSeed: { revocation_endpoint: `${oidc.cognitoDomain}/oauth2/revoke` } } : {}),
    // A revocation answer is an empty 200 whose body is ignored (RFC 7009); some providers label it text/plain.
    revokeTokenAdditionalContentTypes: ['text/plain'],
  };
}

/** A renewal answer for a session that was signed out (or replaced) while it was on its way. */
class SignedOutMeanwhile extends Error {}

/**
 * A UserManager whose renewal uses only the refresh token (never an iframe) and runs in one tab at a
 * time: a tab that waited for the lock finds the tokens another tab just stored and keeps them. A
 * renewal answer is stored only while the session it renewed is still the stored one: Logout (in
 * any tab) removes the tokens at once, and an answer arriving after that is dropped.
 */
export class SingleTabUserManager extends UserManager {
  /** The refresh token the renewal running in this tab started from (renewals take turns under the lock). */
  private renewing: string | null = null;

  override async signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    return withLock(RENEW_LOCK_NAME, async () => {
      const user = await this.getUser();
      if (!user?.refresh_token) throw new Error('There is no refresh token to renew the session with.');
      if ((user.expires_in ?? 0) > RENEW_BEFORE_EXPIRY_SECONDS) return user;
      return this.renew(user.refresh_token, args);
    });
  }

  /**
   * Renews a token an API refused, expired or not, unless another tab or an earlier call has
   * replaced it while this one waited for the lock: then the replacement is the answer.
   */
  async renewAccessToken(refused: string): Promise<User | null> {
    return withLock(RENEW_LOCK_NAME, async () => {
      const user = await this.getUser();
      if (!user?.refresh_token) throw new Error('There is no refresh token to renew the session with.');
      if (user.access_token !== refused && !user.expired) return user;
      return this.renew(user.refresh_token);
    });
  }

  /** Revokes a refresh token at the provider; no stored user is needed, and none is stored afterwards. */
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

  /** Resolves to null when the session was signed out or replaced before the answer came. */
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
