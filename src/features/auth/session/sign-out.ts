import { User, type UserManager } from 'oidc-client-ts';
import { REVOKE_TIMEOUT_MS } from '../../../config/constants';
import type { OidcEnv } from '../../../config/env';
import { reportNotice } from '../../../lib/notice-bus';
import { withLock } from '../../../lib/with-lock';
import { AUTH_NOTICES, takeCarriedNotices } from '../auth-notices';
import { carryNotice } from '../carry-notice';
import { RENEW_LOCK_NAME, type CrossTabUserManager } from './user-manager';

function withTimeout<T>(task: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([task, timeout]).finally(() => clearTimeout(timer));
}

export interface EndedSession {
  refreshToken: string | null;
  idToken: string | null;
}

export function endedSession(stored: string | null): EndedSession {
  let user: Partial<User> | null = null;
  try {
    user = stored === null ? null : User.fromStorageString(stored);
  } catch {
    // Unreadable: nothing to revoke.
  }
  const token = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { refreshToken: token(user?.refresh_token), idToken: token(user?.id_token) };
}

export type SignOutUserManager = Pick<UserManager, 'getUser' | 'removeUser' | 'signoutRedirect'> &
  Pick<CrossTabUserManager, 'revokeRefreshToken'>;

export interface SignOutDeps {
  userManager: SignOutUserManager;
  oidc: OidcEnv;
  origin: string;
  redirect: (url: string) => void;
}

// Under the renewal lock, so that no tab renews meanwhile; a newer sign-in's tokens are left alone.
export function revokeEndedSession(userManager: SignOutUserManager, ended: EndedSession): Promise<void> {
  return withLock(RENEW_LOCK_NAME, async () => {
    try {
      const stored = await userManager.getUser();
      if (!stored || stored.refresh_token === ended.refreshToken) await userManager.removeUser();
    } catch (error) {
      console.warn('Could not remove the stored OIDC user', error);
    }
    if (ended.refreshToken) await userManager.revokeRefreshToken(ended.refreshToken);
  });
}

// Ending the provider's session leaves the refresh token valid, hence the revocation first.
export async function endProviderSession(
  { userManager, oidc, origin, redirect }: SignOutDeps,
  ended: EndedSession,
): Promise<void> {
  let revoked = false;
  try {
    await withTimeout(revokeEndedSession(userManager, ended), REVOKE_TIMEOUT_MS, 'The revocation endpoint');
    revoked = true;
  } catch (error) {
    console.warn('Could not revoke the refresh token', error);
  }
  // The provider's page replaces the app: the notice waits for the way back.
  const carried = !revoked && carryNotice('signOutIncomplete');
  if (!revoked && !carried) reportNotice(AUTH_NOTICES.signOutIncomplete);
  try {
    if (oidc.cognitoDomain) {
      const logoutUri = encodeURIComponent(`${origin}/`);
      redirect(`${oidc.cognitoDomain}/logout?client_id=${encodeURIComponent(oidc.clientId)}&logout_uri=${logoutUri}`);
    } else {
      await userManager.signoutRedirect({ id_token_hint: ended.idToken ?? undefined });
    }
  } catch (error) {
    console.warn('Could not end the session at the provider', error);
    // The page stays: what was kept for the way back is said now.
    const notices = new Set(takeCarriedNotices());
    if (revoked || carried) notices.add(AUTH_NOTICES.signOutIncomplete);
    for (const notice of notices) reportNotice(notice);
  }
}
