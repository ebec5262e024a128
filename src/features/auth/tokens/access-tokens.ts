import type { User } from 'oidc-client-ts';
import type { AccessToken, SessionTokens } from '../../../lib/session-tokens';
import { RENEW_BEFORE_EXPIRY_SECONDS } from '../session/user-manager';

export interface TokenUserManager {
  getUser(): Promise<User | null>;
  renewAccessToken(refused: string): Promise<User | null>;
}

const heldBy = (user: User): AccessToken => ({ token: user.access_token, sub: user.profile.sub });

// A token as close to expiry as the automatic renewal's start (a tab that slept) is renewed before it is sent.
export function createAccessTokens(
  userManager: TokenUserManager,
  expire: (reason: string, error?: unknown) => Promise<void>,
): Omit<SessionTokens, 'idToken'> {
  async function renew(refused: string): Promise<AccessToken | null> {
    try {
      const user = await userManager.renewAccessToken(refused);
      if (!user?.access_token) throw new Error('The renewal gave no access token.');
      return heldBy(user);
    } catch (error) {
      await expire('Could not renew the access token', error);
      return null;
    }
  }

  return {
    async current() {
      const user = await userManager.getUser();
      if (!user?.access_token) return null;
      const expiresIn = user.expires_in;
      return expiresIn === undefined || expiresIn > RENEW_BEFORE_EXPIRY_SECONDS
        ? heldBy(user)
        : renew(user.access_token);
    },
    renew,
    end: () => void expire('An API refused the renewed access token'),
  };
}
