import { User, type UserManager } from 'oidc-client-ts';
import type { OidcEnv } from '../../config/env';
import { reportNotice } from '../../lib/report';
import { carryNotice, dropCarriedNotice } from './carried-notice';
import { AUTH_NOTICES } from './notices';
import { withLock } from './renew-lock';
import { RENEW_LOCK_NAME, type SingleTabUserManager } from './user-manager';

/** Logout goes on to the provider's sign-out after this long even if the revocation has not answered. */
export const REVOKE_TIMEOUT_MS = 5000;

function withTimeout<T>(task: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([task, timeout]).finally(() => clearTimeout(timer));
}

/** What the sign-out needs of the tokens Logout removed: the refresh token to revoke, the ID token as a hint. */
export interface EndedSession {
  refreshToken: string | null;
  idToken: string | null;
}

/** Reads the tokens as oidc-client-ts stored them (null: none); unreadable ones have nothing to revoke. */
export function endedSession(stored: string | null): EndedSession {
  let user: Partial<User> | null = null;
  try {
    user = stored === null ? null : User.fromStorageString(stored);
  } catch {
    // Nothing to revoke.
  }
  const token = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { refreshToken: token(user?.refresh_token), idToken: token(user?.id_token) };
}

export type SignOutUserManager = Pick<UserManager, 'getUser' | 'removeUser' | 'signoutRedirect'> &
  Pick<SingleTabUserManager, 'revokeRefreshToken'>;

export interface SignOutDeps {
  userManager: SignOutUserManager;
  oidc: OidcEnv;
  /** The app's origin; the provider sends the user back to it + '/'. */
  origin: string;
  /** Leaves the app for a provider page (location.assign). */
  redirect: (url: string) => void;
}

/**
 * Holding the renewal lock, so no tab renews meanwhile: removes what is left of the ended session
 * (never a newer sign-in's) and stops this tab's renewal, then revokes the refresh token.
 */
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

/**
 * After Logout removed the tokens and cleared the app state: revokes the refresh token (ending the
 * provider's session leaves it valid), then ends the hosted session. Cognito has no
 * end_session_endpoint and uses its own /logout; other providers get RP-initiated logout.
 */
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
  // The provider's sign-out page replaces the app, so the notice waits for the way back.
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
    if (carried) dropCarriedNotice();
    if (revoked || carried) reportNotice(AUTH_NOTICES.signOutIncomplete);
  }
}
