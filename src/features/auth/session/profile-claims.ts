import { GROUPS_CLAIM } from '../../../config/constants';
import type { OidcEnv } from '../../../config/env';
import { ownValue } from '../../../lib/safe-keys';
import { isRecord } from '../../../lib/checks';
import type { KeyValueStorage } from '../../../lib/storage';
import { oidcUserKey } from './stored-session';

const PROTOCOL_CLAIMS = new Set([
  'iss',
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  'auth_time',
  'nonce',
  'acr',
  'amr',
  'azp',
  'at_hash',
  'c_hash',
  's_hash',
  'sid',
  'session_state',
  'token_use',
  'origin_jti',
  'event_id',
]);

export function profileFromClaims(claims: Record<string, unknown>): Record<string, unknown> {
  const profile = Object.fromEntries(
    Object.entries(claims).filter(([name]) => !PROTOCOL_CLAIMS.has(name) && name !== GROUPS_CLAIM && name !== 'groups'),
  );
  const groups = ownValue(claims, GROUPS_CLAIM);
  return groups === undefined ? profile : { ...profile, groups };
}

const CLOCK_SKEW_MS = 5 * 60_000;

function signedInAtOf(claims: unknown, now = Date.now()): Date | null {
  const authTime = isRecord(claims) ? ownValue(claims, 'auth_time') : undefined;
  if (typeof authTime !== 'number' || !(authTime > 0)) return null;
  const at = new Date(authTime * 1000);
  return at.getTime() <= now + CLOCK_SKEW_MS ? at : null;
}

// The ID token's auth_time is kept with the stored tokens, never in the app state.
export function storedSignInTime(storage: KeyValueStorage, oidc: OidcEnv): Date | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(oidcUserKey(oidc)) ?? 'null');
    return signedInAtOf(isRecord(stored) ? ownValue(stored, 'profile') : undefined);
  } catch {
    return null;
  }
}

// Some providers send the boolean as a string.
export function emailVerifiedOf(claims: Record<string, unknown>): boolean | undefined {
  const verified = ownValue(claims, 'email_verified');
  if (verified === true || verified === 'true') return true;
  if (verified === false || verified === 'false') return false;
  return undefined;
}
