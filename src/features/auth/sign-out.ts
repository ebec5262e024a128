import type { User, UserManager } from 'oidc-client-ts';
import type { OidcEnv } from '../../config/env';
import { reportNotice } from '../../lib/report';
import { carryNotice, dropCarriedNotice } from './carried-notice';
import { AUTH_NOTICES } from './notices';

/** Logout goes on to the provider's sign-out after this long even if the revocation has not answered. */
export const REVOKE_TIMEOUT_MS = 5000;

function withTimeout<T>(task: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([task, timeout]).finally(() => clearTimeout(timer));
}

export interface SignOutDeps {
  userManager: Pick<UserManager, 'getUser' | 'revokeTokens' | 'removeUser' | 'signoutRedirect'>;
  oidc: OidcEnv;
  /** The app's origin; the provider sends the user back to it + '/'. */
  origin: string;
  /** Leaves the app for a provider page (location.assign). */
  redirect: (url: string) => void;
}

/**
 * After Logout cleared the app state: revokes the refresh token (ending the provider's session
 * leaves it valid), forgets the tokens, then ends the hosted session. Cognito has no
 * end_session_endpoint and uses its own /logout; other providers get RP-initiated logout.
 */
export async function endProviderSession({ userManager, oidc, origin, redirect }: SignOutDeps): Promise<void> {
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
      redirect(`${oidc.cognitoDomain}/logout?client_id=${encodeURIComponent(oidc.clientId)}&logout_uri=${logoutUri}`);
    } else {
      await userManager.signoutRedirect({ id_token_hint: user?.id_token });
    }
  } catch (error) {
    console.warn('Could not end the session at the provider', error);
    if (carried) dropCarriedNotice();
    if (revoked || carried) reportNotice(AUTH_NOTICES.signOutIncomplete);
  }
}
