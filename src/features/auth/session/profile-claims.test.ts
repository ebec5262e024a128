import { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../../../lib/storage';
import { TEST_OIDC } from '../../../test/oidc';
import { emailVerifiedOf, profileFromClaims, storedSignInTime } from './profile-claims';
import { oidcUserKey } from './stored-session';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const seconds = (ms: number) => ms / 1000;

/** The sign-in time read from stored tokens whose ID token claims are `claims` (raw JSON). */
function signedInAt(claims: string): Date | null {
  const storage = createMemoryStorage();
  storage.setItem(oidcUserKey(TEST_OIDC), `{"profile":${claims}}`);
  return storedSignInTime(storage, TEST_OIDC);
}

describe("the sign-in time (the ID token's auth_time)", () => {
  beforeEach(() => void vi.setSystemTime(NOW));
  afterEach(() => void vi.useRealTimers());

  it('reads seconds since the epoch', () => {
    const at = NOW - 3_600_000;
    expect(signedInAt(`{"auth_time":${seconds(at)}}`)).toEqual(new Date(at));
  });

  it('allows a few minutes of clock skew between the provider and this device', () => {
    expect(signedInAt(`{"auth_time":${seconds(NOW + 60_000)}}`)).toEqual(new Date(NOW + 60_000));
  });

  it.each([
    ['missing', '{}'],
    ['not an object', '"auth_time"'],
    ['null claims', 'null'],
    ['a string', `{"auth_time":"${seconds(NOW)}"}`],
    ['milliseconds (far in the future)', `{"auth_time":${NOW}}`],
    ['in the future', `{"auth_time":${seconds(NOW + 3_600_000)}}`],
    ['zero', '{"auth_time":0}'],
    ['negative', '{"auth_time":-1}'],
    ['not finite', '{"auth_time":1e999}'],
    ['negative and not finite', '{"auth_time":-1e999}'],
    ['beyond any date', '{"auth_time":1e20}'],
    ['only under __proto__', `{"__proto__":{"auth_time":${seconds(NOW)}}}`],
  ])('is unknown when the claim is %s', (_what, claims) => {
    expect(signedInAt(claims)).toBeNull();
  });

  it('is unknown when only a polluted prototype has the claim', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.auth_time = seconds(NOW);
    try {
      expect(signedInAt('{}')).toBeNull();
    } finally {
      delete prototype.auth_time;
    }
  });
});

describe('profileFromClaims', () => {
  it('keeps the profile claims and drops the claims about the token', () => {
    const claims = { sub: 's', email: 'e@x.dev', name: 'N', iss: 'i', aud: 'a', exp: 1, iat: 1, nonce: 'n', sid: 'x' };
    expect(profileFromClaims(claims)).toEqual({ sub: 's', email: 'e@x.dev', name: 'N' });
  });

  it("gives the user's groups from cognito:groups, never from a claim of another name", () => {
    expect(profileFromClaims({ sub: 's', 'cognito:groups': ['editors'] })).toEqual({ sub: 's', groups: ['editors'] });
    expect(profileFromClaims({ sub: 's', groups: ['admins'] })).toEqual({ sub: 's' });
    expect(profileFromClaims({ sub: 's', groups: ['admins'], 'cognito:groups': 'x' })).toEqual({
      sub: 's',
      groups: 'x',
    });
  });

  it('reads cognito:groups only as an own claim', () => {
    const claims = JSON.parse('{"sub":"s","__proto__":{"cognito:groups":["admins"]}}') as Record<string, unknown>;
    expect(profileFromClaims(claims)).not.toHaveProperty('groups');
  });
});

describe('emailVerifiedOf', () => {
  it.each([
    [{ email_verified: true }, true],
    [{ email_verified: false }, false],
    // Some providers (older Cognito pools among them) send the boolean as a string.
    [{ email_verified: 'true' }, true],
    [{ email_verified: 'false' }, false],
    [{ email_verified: 'yes' }, undefined],
    [{ email_verified: 1 }, undefined],
    [{}, undefined],
  ])('%j → %s', (claims, expected) => {
    expect(emailVerifiedOf(claims)).toBe(expected);
  });
});

describe('storedSignInTime', () => {
  it("is the stored ID token's auth_time, as oidc-client-ts stores it", () => {
    const storage = createMemoryStorage();
    const user = new User({
      access_token: 'access-1',
      token_type: 'Bearer',
      profile: { sub: 'user-1', iss: TEST_OIDC.authority, aud: 'client-1', exp: 2, iat: 1, auth_time: 1_790_000_000 },
    });
    storage.setItem(oidcUserKey(TEST_OIDC), user.toStorageString());
    expect(storedSignInTime(storage, TEST_OIDC)).toEqual(new Date(1_790_000_000_000));
  });

  it.each([null, '{not json', '{"profile":"x"}', '[]'])('is unknown with %j stored', (stored) => {
    const storage = createMemoryStorage();
    if (stored !== null) storage.setItem(oidcUserKey(TEST_OIDC), stored);
    expect(storedSignInTime(storage, TEST_OIDC)).toBeNull();
  });
});
