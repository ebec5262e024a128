import { OIDC_STORE_PREFIX } from '../../../config/constants';
import type { OidcEnv } from '../../../config/env';
import type { KeyValueStorage } from '../../../lib/storage';

/** Where oidc-client-ts keeps the signed-in user's tokens, one key for every tab. */
export const oidcUserKey = (oidc: OidcEnv): string => `${OIDC_STORE_PREFIX}user:${oidc.authority}:${oidc.clientId}`;

/** Removes the stored tokens with no chunk to load; returns them as stored, for the chunk to revoke. */
export function takeStoredTokens(storage: KeyValueStorage, oidc: OidcEnv): string | null {
  const key = oidcUserKey(oidc);
  const stored = storage.getItem(key);
  if (stored !== null) storage.removeItem(key);
  return stored;
}
