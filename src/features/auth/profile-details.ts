import { isRecord } from '../../lib/checks';
import { ownValue } from '../../lib/safe-keys';

/** The provider's clock and this device's may differ by this much. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * When the user signed in, from the ID token's `auth_time` (seconds since the epoch); null when the
 * claim is missing or is no plausible past time.
 */
export function signedInAtOf(claims: unknown, now = Date.now()): Date | null {
  const authTime = isRecord(claims) ? ownValue(claims, 'auth_time') : undefined;
  if (typeof authTime !== 'number' || !(authTime > 0)) return null;
  const at = new Date(authTime * 1000);
  return at.getTime() <= now + CLOCK_SKEW_MS ? at : null;
}

/** Whether the provider has verified the email address; undefined when it does not say. */
export function emailVerifiedOf(claims: Record<string, unknown>): boolean | undefined {
  const verified = ownValue(claims, 'email_verified');
  if (verified === true || verified === 'true') return true;
  if (verified === false || verified === 'false') return false;
  return undefined;
}
