import {
  OidcClient,
  UserManager,
  WebStorageStateStore,
  type SigninSilentArgs,
  type User,
  type UserManagerSettings,
} from 'oidc-client-ts';
import { OIDC_STORE_PREFIX } from '../../../config/constants';
import type { OidcEnv } from '../../../config/env';
import { withLock } from '../../../lib/with-lock';
import { browserAreas, createSignInStateStore } from './pending-sign-in';

export const RENEW_LOCK_NAME = 'snxt-oidc-renew';
export const RENEW_BEFORE_EXPIRY_SECONDS = 60;

// Tokens live in localStorage so that every tab shares one session; Cognito renews by refresh token only.
export function userManagerSettings(
  oidc: OidcEnv,
  origin: string,
  storage: Storage,
  stateAreas = browserAreas(),
): UserManagerSettings {
  const home = `${origin}/`;
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
    loadUserInfo: false,
    // Without auth_time, which the profile page shows.
    filterProtocolClaims: ['nbf', 'jti', 'nonce', 'acr', 'amr', 'azp', 'at_hash'],
    userStore: new WebStorageStateStore({ store: storage, prefix: OIDC_STORE_PREFIX }),
    stateStore: createSignInStateStore(stateAreas),
    // Cognito revokes at {domain}/oauth2/revoke but does not list it in its discovery document.
    ...(oidc.cognitoDomain ? { metadataSeed: { revocation_endpoint: `${oidc.cognitoDomain}/oauth2/revoke` } } : {}),
    revokeTokenAdditionalContentTypes: ['text/plain'],
  };
}

class SignedOutMeanwhile extends Error {}

// One renewal at a time across tabs; an answer arriving after a sign-out (any tab) is dropped, not stored.
export class CrossTabUserManager extends UserManager {
  private renewing: string | null = null;
  // The library's own client on its settings and discovery: it revokes a token that is no longer stored.
  private readonly client = new OidcClient(this.settings, this.metadataService);

  override async signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    return withLock(RENEW_LOCK_NAME, async () => {
      const user = await this.getUser();
      if (!user?.refresh_token) throw new Error('There is no refresh token to renew the session with.');
      if ((user.expires_in ?? 0) > RENEW_BEFORE_EXPIRY_SECONDS) return user;
      return this.renew(user.refresh_token, args);
    });
  }

  async renewAccessToken(refused: string): Promise<User | null> {
    return withLock(RENEW_LOCK_NAME, async () => {
      const user = await this.getUser();
      if (!user?.refresh_token) throw new Error('There is no refresh token to renew the session with.');
      if (user.access_token !== refused && !user.expired) return user;
      return this.renew(user.refresh_token);
    });
  }

  revokeRefreshToken(token: string): Promise<void> {
    return this.client.revokeToken(token, 'refresh_token');
  }

  override async storeUser(user: User | null): Promise<void> {
    if (user && this.renewing !== null && (await this.getUser())?.refresh_token !== this.renewing) {
      if (user.refresh_token && user.refresh_token !== this.renewing) {
        void this.revokeRefreshToken(user.refresh_token).catch(() => undefined);
      }
      throw new SignedOutMeanwhile();
    }
    return super.storeUser(user);
  }

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
