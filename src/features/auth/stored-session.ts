import { OIDC_STORE_PREFIX } from '../../config/constants';
import type { OidcEnv } from '../../config/env';
import type { KeyValueStorage } from '../../lib/storage';

/** Where oidc-client-ts keeps the signed-in user's tokens, one key for every tab. */
export const oidcUserKey = (oidc: OidcEnv): string => `${OIDC_STORE_PREFIX}user:${oidc.authority}:${oidc.clientId}`;

/**
 * Removes the stored tokens at once, with no chunk to load. Returns them as they were stored (null
 * when there were none): the sign-in chunk reads the refresh token to revoke from them.
 */
export function takeStoredTokens(storage: KeyValueStorage, oidc: OidcEnv): string | null {
  const key = oidcUserKey(oidc);
  const stored = storage.getItem(key);
  if (stored !== null) storage.removeItem(key);
  return stored;
}
