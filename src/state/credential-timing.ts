import { AWS_CREDENTIALS, MAX_TIMER_DELAY_MS } from '../config/constants';

export interface CredentialTiming {
  /** When the credentials expire, on the browser's clock (ms). */
  expiresAt: number;
  /** When to refresh them, on the browser's clock (ms). */
  refreshAt: number;
  /** AWS's clock minus the browser's, for signing requests; 0 when unknown. */
  clockOffsetMs: number;
}

const { refreshBeforeMs, minRefreshDelayMs, assumedClockSkewMs, maxClockOffsetMs } = AWS_CREDENTIALS;

/**
 * When credentials that arrived at `receivedAt` expire and should be refreshed, on the browser's
 * clock. `expiration` is on AWS's clock; the answer's Date (`serverTime`) says how far the browser's
 * is off. Without it the browser is taken to be behind AWS, so credentials are never used past
 * their real expiry. Short-lived credentials are refreshed half-way, never sooner than
 * `minRefreshDelayMs`: a short lifetime or a wrong clock cannot make a refresh loop. Credentials
 * already expired on arrival give null: they would be refused, and asking again at once would loop.
 */
export function credentialTiming(
  expiration: Date,
  serverTime: Date | null,
  receivedAt: number,
): CredentialTiming | null {
  const measured = serverTime ? serverTime.getTime() - receivedAt : NaN;
  const offset = Math.abs(measured) <= maxClockOffsetMs ? measured : null;
  const expiresAt = expiration.getTime() - (offset ?? assumedClockSkewMs);
  const lifetime = expiresAt - receivedAt;
  if (!(lifetime > 0)) return null;
  const delay = Math.min(Math.max(lifetime - refreshBeforeMs, lifetime / 2, minRefreshDelayMs), MAX_TIMER_DELAY_MS);
  return { expiresAt, refreshAt: receivedAt + delay, clockOffsetMs: offset ?? 0 };
}
