import { OIDC_STORE_PREFIX } from '../../../config/constants';
import type { OidcEnv } from '../../../config/env';
import type { KeyValueStorage } from '../../../lib/storage';

export const oidcUserKey = (oidc: OidcEnv): string => `${OIDC_STORE_PREFIX}user:${oidc.authority}:${oidc.clientId}`;

// With no chunk to load; the sign-in chunk revokes the refresh token in what it returns.
export function takeStoredTokens(storage: KeyValueStorage, oidc: OidcEnv): string | null {
  const key = oidcUserKey(oidc);
  const stored = storage.getItem(key);
  if (stored !== null) storage.removeItem(key);
  return stored;
}
