import { describe, expect, it } from 'vitest';
import { credentialTiming } from './credential-timing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** AWS's clock when the answer was sent. */
const AWS_NOW = Date.UTC(2026, 9, 21, 7, 0, 0);

/** Credentials lasting `ttl` as AWS sees it, received by a browser whose clock is `skew` ahead of AWS's. */
function receive(ttl: number, skew: number, { dated = true } = {}) {
  const receivedAt = AWS_NOW + skew;
  const timing = credentialTiming(new Date(AWS_NOW + ttl), dated ? new Date(AWS_NOW) : null, receivedAt);
  // Back on AWS's clock, to compare with the real expiry.
  return timing && { ...timing, expiresAt: timing.expiresAt - skew, refreshAt: timing.refreshAt - skew, receivedAt };
}

describe('credential timing', () => {
  it('refreshes an hour-long set 5 minutes before it expires', () => {
    expect(receive(HOUR, 0)).toMatchObject({ expiresAt: AWS_NOW + HOUR, refreshAt: AWS_NOW + 55 * MINUTE });
  });

  it.each([5 * MINUTE, -5 * MINUTE, 4 * HOUR])(
    "reads AWS's expiry on the browser's clock when it is %i ms off, from the answer's Date",
    (skew) => {
      const timing = receive(HOUR, skew)!;
      expect(timing.expiresAt).toBe(AWS_NOW + HOUR);
      expect(timing.refreshAt).toBe(AWS_NOW + 55 * MINUTE);
      expect(timing.clockOffsetMs).toBe(-skew);
    },
  );

  it.each([5 * MINUTE, -5 * MINUTE, 0])(
    'without a Date, never uses them past the real expiry when the browser is up to 5 minutes off (%i ms)',
    (skew) => {
      const timing = receive(HOUR, skew, { dated: false })!;
      expect(timing.expiresAt).toBeLessThanOrEqual(AWS_NOW + HOUR);
      expect(timing.refreshAt).toBeLessThanOrEqual(AWS_NOW + 55 * MINUTE);
      expect(timing.refreshAt).toBeGreaterThan(AWS_NOW + 40 * MINUTE);
      expect(timing.clockOffsetMs).toBe(0);
    },
  );

  it('does not believe a Date more than a day off', () => {
    const timing = credentialTiming(new Date(AWS_NOW + HOUR), new Date(AWS_NOW - 3 * 24 * HOUR), AWS_NOW);
    expect(timing).toMatchObject({ expiresAt: AWS_NOW + 55 * MINUTE, clockOffsetMs: 0 });
  });

  it.each([
    ['expired an hour ago', -HOUR, 0, true],
    ['expiring as they arrive', 0, 0, true],
    ['expired on AWS clock, browser 5 minutes behind', -MINUTE, -5 * MINUTE, true],
    ['2 minutes left without a Date to prove it', 2 * MINUTE, 0, false],
  ])('refuses credentials %s', (_, ttl, skew, dated) => {
    expect(receive(ttl, skew, { dated })).toBeNull();
  });

  it('refreshes short-lived credentials half-way, and never sooner than 5 s after they arrive', () => {
    expect(receive(8 * MINUTE, 0)!.refreshAt).toBe(AWS_NOW + 4 * MINUTE);
    expect(receive(20_000, 0)!.refreshAt).toBe(AWS_NOW + 10_000);
    expect(receive(8_000, 0)!.refreshAt).toBe(AWS_NOW + 5_000);
    expect(receive(1_000, 0)!.refreshAt).toBe(AWS_NOW + 5_000);
  });

  it('waits no longer than a timer can', () => {
    const timing = credentialTiming(new Date(AWS_NOW + 400 * 24 * HOUR), new Date(AWS_NOW), AWS_NOW)!;
    expect(timing.refreshAt - AWS_NOW).toBe(2 ** 31 - 1);
  });
});
