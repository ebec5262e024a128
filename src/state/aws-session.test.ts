import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { connectIdToken, idTokenChanged, type IdToken } from '../lib/id-token';
import { reportNotice } from '../lib/report';
import type { AppStorage } from '../lib/storage';
import { startTestState } from '../test/app-state';
import { captureReports } from '../test/capture-reports';
import {
  fakeCognito,
  TEST_ISSUER,
  TEST_POOL,
  TEST_PROVIDER,
  testIdToken,
  type FakeCognitoOptions,
} from '../test/fake-cognito';
import { computed } from '@preact/signals-react';
import { auth } from './app-state';
import { createAwsSession, type AwsSession } from './aws-session';
import { IdentityModel } from './identity-model';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STORED_GUEST = 'eu-west-1:3cb6a488-e783-482c-82dc-1451b3589c2e';
const UNAVAILABLE = 'snxt.aws.unavailable';

let reporter: ReturnType<typeof captureReports>;
let cognito: ReturnType<typeof fakeCognito>;
let storage: AppStorage;
let token: IdToken | null;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 9, 21, 7, 0, 0) });
  token = null;
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

interface Start {
  /** snxt-IDENTITY's value at start-up. */
  storedIdentity?: unknown;
  signedInAs?: string;
  /** The sign-in feature connects the ID token door (it does whenever sign-in is configured). */
  door?: boolean;
  pool?: FakeCognitoOptions;
}

let identity: IdentityModel;

/** The app's state, the ID token door and the AWS session, as the app starts them. */
function start({ storedIdentity, signedInAs, door = true, pool = {} }: Start = {}): AwsSession {
  cognito = fakeCognito(pool);
  const stored: Record<string, unknown> = {};
  if (storedIdentity !== undefined) stored['snxt-IDENTITY'] = storedIdentity;
  if (signedInAs) {
    stored['snxt-AUTH'] = { isAuthenticated: true, user: { sub: signedInAs } };
    token = { token: testIdToken(signedInAs), issuer: TEST_ISSUER };
  }
  storage = startTestState({ stored });
  identity = new IdentityModel({
    stored: storedIdentity,
    storage,
    region: TEST_POOL.region,
    signedIn: computed(() => auth.state.value.isAuthenticated),
  });
  onTestFinished(() => identity[Symbol.dispose]());
  reporter = captureReports();
  if (door) onTestFinished(connectIdToken(async () => token));
  const session = createAwsSession({ pool: TEST_POOL, identity, fetch: cognito.fetch, reportNotice });
  onTestFinished(() => session.stop());
  return session;
}

/** Lets pending answers arrive. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function signIn(sub: string, valid = true) {
  token = { token: testIdToken(sub, valid), issuer: TEST_ISSUER };
  auth.loginSuccess({ sub });
  idTokenChanged();
}

function signOut() {
  token = null;
  auth.logout();
  idTokenChanged();
}

const notices = () => reporter.notice.mock.calls.map(([notice]) => notice.messageId);
const storedIdentityId = () => JSON.parse(storage.getItem('snxt-IDENTITY') ?? 'null')?.identityId as string | undefined;

describe('AWS credentials for a guest', () => {
  it('gets an identity (GetId, then GetCredentialsForIdentity without Logins) and keeps its id', async () => {
    const session = start();
    session.start();
    await settle();
    expect(cognito.calls).toEqual([
      { operation: 'GetId', identityId: undefined, logins: undefined },
      { operation: 'GetCredentialsForIdentity', identityId: storedIdentityId(), logins: undefined },
    ]);
    expect(identity.state.value).toEqual({
      identityId: storedIdentityId(),
      expiration: new Date(Date.now() + HOUR),
      kind: 'guest',
    });
    await expect(session.getCredentials()).resolves.toMatchObject({ accessKeyId: expect.stringMatching(/^ASIA/) });
    expect(cognito.calls).toHaveLength(2);
  });

  it('uses the stored identity without asking for a new one', async () => {
    const session = start({ storedIdentity: { identityId: STORED_GUEST } });
    cognito.identities.set(STORED_GUEST, null);
    await session.getCredentials();
    expect(cognito.calls).toEqual([{ operation: 'GetCredentialsForIdentity', identityId: STORED_GUEST }]);
  });

  it.each([
    ['Cognito no longer knows (ResourceNotFound)', () => undefined],
    ['belongs to a user (NotAuthorized)', () => cognito.identities.set(STORED_GUEST, 'someone')],
  ])('replaces a stored identity %s through GetId, once and quietly', async (_, arrange) => {
    const session = start({ storedIdentity: { identityId: STORED_GUEST } });
    arrange();
    await session.getCredentials();
    expect(cognito.operations()).toEqual(['GetCredentialsForIdentity', 'GetId', 'GetCredentialsForIdentity']);
    expect(storedIdentityId()).not.toBe(STORED_GUEST);
    expect(notices()).toEqual([]);
  });

  it('without the ID token door (no sign-in configured) is a guest, even with a stored signed-in state', async () => {
    const session = start({ door: false, signedInAs: 'ada' });
    await session.getCredentials();
    expect(cognito.calls.every((call) => call.logins === undefined)).toBe(true);
    expect(identity.state.value.kind).toBe('guest');
  });

  it('a pool that refuses guests: no notice, no credentials, and asked again at the next need', async () => {
    const session = start({ pool: { allowGuests: false } });
    session.start();
    await settle();
    await expect(session.getCredentials()).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    expect(cognito.operations()).toEqual(['GetId', 'GetId']);
    expect(identity.state.value).toEqual({ identityId: null, expiration: null, kind: null });
    expect(notices()).toEqual([]);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(cognito.calls).toHaveLength(2);
  });

  it('a pool that refuses guests, with a stored identity: still no notice', async () => {
    const session = start({ storedIdentity: { identityId: STORED_GUEST }, pool: { allowGuests: false } });
    cognito.identities.set(STORED_GUEST, null);
    await expect(session.getCredentials()).rejects.toThrow();
    expect(notices()).toEqual([]);
  });
});

describe('AWS credentials for a signed-in user', () => {
  it('links the stored guest identity at sign-in: its id with the Logins map, and no GetId', async () => {
    const session = start();
    session.start();
    await settle();
    const guestId = storedIdentityId();
    signIn('ada');
    await settle();
    expect(cognito.calls.at(-1)).toEqual({
      operation: 'GetCredentialsForIdentity',
      identityId: guestId,
      logins: { [TEST_PROVIDER]: testIdToken('ada') },
    });
    expect(cognito.operations()).toEqual(['GetId', 'GetCredentialsForIdentity', 'GetCredentialsForIdentity']);
    expect(identity.state.value).toMatchObject({ identityId: guestId, kind: 'user' });
    expect(storedIdentityId()).toBe(guestId);
  });

  it("keeps the identity Cognito answers with when it merges the guest into the user's own", async () => {
    const session = start();
    await session.getCredentials();
    const guestId = storedIdentityId()!;
    // The user has an identity of their own from an earlier visit.
    await cognito.fetch(TEST_POOL.endpoint, {
      headers: { 'x-amz-target': 'AWSCognitoIdentityService.GetId' },
      body: JSON.stringify({ Logins: { [TEST_PROVIDER]: testIdToken('ada') } }),
    });
    signIn('ada');
    await settle();
    expect(identity.state.value.identityId).not.toBe(guestId);
    expect(storedIdentityId()).toBe(identity.state.value.identityId);
  });

  it('starts signed in: GetId with the Logins map when nothing is stored', async () => {
    const session = start({ signedInAs: 'ada' });
    await session.getCredentials();
    expect(cognito.calls.map((call) => call.logins)).toEqual([
      { [TEST_PROVIDER]: testIdToken('ada') },
      { [TEST_PROVIDER]: testIdToken('ada') },
    ]);
    expect(identity.state.value.kind).toBe('user');
  });

  it('asks again at once when the ID token is renewed', async () => {
    const session = start({ signedInAs: 'ada' });
    await session.getCredentials();
    token = { token: testIdToken('ada', true, 2), issuer: TEST_ISSUER };
    idTokenChanged();
    await settle();
    expect(cognito.calls).toHaveLength(3);
    expect(cognito.calls.at(-1)?.logins).toEqual({ [TEST_PROVIDER]: token.token });
  });

  it('a change notice without a new token asks nothing', async () => {
    const session = start({ signedInAs: 'ada' });
    await session.getCredentials();
    idTokenChanged();
    idTokenChanged();
    await settle();
    expect(cognito.calls).toHaveLength(2);
  });

  it('sign-out forgets the identity (snxt-IDENTITY) and goes back to a new guest identity', async () => {
    const session = start({ signedInAs: 'ada' });
    await session.getCredentials();
    const userId = storedIdentityId();
    signOut();
    await settle();
    expect(cognito.calls.slice(-2)).toEqual([
      { operation: 'GetId', identityId: undefined, logins: undefined },
      { operation: 'GetCredentialsForIdentity', identityId: storedIdentityId(), logins: undefined },
    ]);
    expect(storedIdentityId()).not.toBe(userId);
    expect(identity.state.value.kind).toBe('guest');
  });

  it("a sign-out while the user's request is under way: its answer is dropped, the guest never sends the user's identity", async () => {
    const session = start({ signedInAs: 'ada' });
    // Holds the user's GetCredentialsForIdentity answer until the user has signed out.
    const answer = cognito.fetch.getMockImplementation()!;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    cognito.fetch.mockImplementation(async (url, init) => {
      const response = await answer(url, init);
      if (String(init?.body).includes('Logins') && String(init?.body).includes('IdentityId')) await released;
      return response;
    });
    const users = session.getCredentials();
    await vi.waitFor(() => expect(cognito.calls.filter((call) => call.logins)).toHaveLength(2));
    const userId = cognito.calls.at(-1)?.identityId;
    signOut();
    release();
    await users.catch(() => undefined);
    await settle();
    const guestCalls = cognito.calls.filter((call) => !call.logins);
    expect(guestCalls.map((call) => call.identityId)).not.toContain(userId);
    expect(guestCalls[0]).toEqual({ operation: 'GetId', identityId: undefined, logins: undefined });
    expect(identity.state.value.kind).toBe('guest');
    expect(storedIdentityId()).not.toBe(userId);
    expect(notices()).toEqual([]);
  });

  it("never hands out the user's credentials after sign-out, even when the guest ones fail", async () => {
    const session = start({ signedInAs: 'ada' });
    const users = await session.getCredentials();
    cognito.failWith('network');
    signOut();
    await expect(session.getCredentials()).rejects.toThrow();
    expect(identity.state.value).toEqual({ identityId: null, expiration: null, kind: null });
    expect(users.accessKeyId).toMatch(/^ASIA/);
  });

  it('a token arriving while a guest request is under way is used as soon as it answers', async () => {
    const session = start();
    const first = session.getCredentials();
    signIn('ada');
    const credentials = await first;
    expect(identity.state.value.kind).toBe('user');
    expect(cognito.calls.at(-1)?.logins).toEqual({ [TEST_PROVIDER]: testIdToken('ada') });
    await expect(session.getCredentials()).resolves.toBe(credentials);
  });

  it.each([
    ['an expired ID token', (sub: string) => signIn(sub, false)],
    [
      'an ID token of another issuer',
      (sub: string) => (
        (token = { token: testIdToken(sub), issuer: 'https://evil.example' }),
        auth.loginSuccess({ sub }),
        idTokenChanged()
      ),
    ],
  ])('%s (NotAuthorized): one notice, no credentials', async (_, signInWith) => {
    const session = start();
    signInWith('ada');
    await expect(session.getCredentials()).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    await expect(session.getCredentials()).rejects.toThrow();
    expect(notices()).toEqual([UNAVAILABLE]);
    expect(identity.state.value.kind).toBeNull();
  });
});

describe('when the identity service fails', () => {
  it.each(['network', 'html', 'server-error', 'foreign-region'] as const)(
    '%s: one warning notice however often it is asked, and asked again at each need',
    async (failure) => {
      const session = start();
      cognito.failWith(failure);
      session.start();
      await settle();
      for (let i = 0; i < 5; i++) await expect(session.getCredentials()).rejects.toThrow();
      expect(notices()).toEqual([UNAVAILABLE]);
      expect(reporter.notice.mock.calls[0]?.[0]).toMatchObject({ kind: 'warning' });
      expect(reporter.error).not.toHaveBeenCalled();
      expect(cognito.calls.length).toBeGreaterThanOrEqual(6);
      expect(identity.state.value.kind).toBeNull();
    },
  );

  it('says so again only after it has worked in between', async () => {
    const session = start();
    cognito.failWith('network');
    await expect(session.getCredentials()).rejects.toThrow();
    cognito.failWith(null);
    await session.getCredentials();
    cognito.failWith('network');
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(notices()).toEqual([UNAVAILABLE, UNAVAILABLE]);
  });

  it('keeps serving credentials that are still valid when their refresh fails', async () => {
    const session = start();
    const credentials = await session.getCredentials();
    cognito.failWith('server-error');
    await vi.advanceTimersByTimeAsync(56 * MINUTE);
    await expect(session.getCredentials()).resolves.toBe(credentials);
    expect(notices()).toEqual([UNAVAILABLE]);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    await expect(session.getCredentials()).rejects.toThrow();
    expect(identity.state.value.kind).toBeNull();
  });

  it('credentials already expired when they arrive are not used, and not asked for again by themselves', async () => {
    const session = start();
    cognito.failWith('expired');
    session.start();
    await settle();
    await expect(session.getCredentials()).rejects.toThrow(/expired/);
    expect(notices()).toEqual([UNAVAILABLE]);
    const asked = cognito.calls.length;
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(cognito.calls).toHaveLength(asked);
  });
});

describe('refreshing', () => {
  it('a burst of calls makes one request', async () => {
    const session = start();
    const all = await Promise.all(Array.from({ length: 20 }, () => session.getCredentials()));
    expect(new Set(all).size).toBe(1);
    expect(cognito.operations()).toEqual(['GetId', 'GetCredentialsForIdentity']);
  });

  it.each([0, 5 * MINUTE, -5 * MINUTE])(
    'refreshes 5 minutes before expiry, once an hour, with AWS %i ms off the browser',
    async (skewMs) => {
      const session = start({ pool: { skewMs } });
      session.start();
      await settle();
      const credentialCalls = () => cognito.operations().filter((op) => op === 'GetCredentialsForIdentity').length;
      await vi.advanceTimersByTimeAsync(55 * MINUTE - 1000);
      expect(credentialCalls()).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(credentialCalls()).toBe(2);
      await vi.advanceTimersByTimeAsync(3 * HOUR);
      expect(credentialCalls()).toBe(5);
    },
  );

  it.each([5 * MINUTE, -5 * MINUTE])(
    'without a Date header, a browser %i ms off AWS still refreshes before the real expiry and does not loop',
    async (skewMs) => {
      const session = start({ pool: { skewMs, dated: false } });
      session.start();
      await settle();
      const refreshes: number[] = [];
      for (let minute = 1; minute <= 120; minute++) {
        const before = cognito.calls.length;
        await vi.advanceTimersByTimeAsync(MINUTE);
        if (cognito.calls.length > before) refreshes.push(minute);
      }
      expect(refreshes.length).toBeGreaterThanOrEqual(2);
      expect(refreshes.length).toBeLessThanOrEqual(3);
      expect(refreshes[0]).toBeLessThanOrEqual(55);
    },
  );

  it('refreshes short-lived credentials at a sane pace, not in a loop', async () => {
    const session = start({ pool: { ttlMs: 8000 } });
    session.start();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    const refreshes = cognito.operations().filter((op) => op === 'GetCredentialsForIdentity').length - 1;
    expect(refreshes).toBe(12);
  });

  it('stops refreshing when stopped', async () => {
    const session = start();
    session.start();
    await settle();
    session.stop();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(cognito.calls).toHaveLength(2);
  });
});

describe('secrets', () => {
  it('the credentials are never stored or logged', async () => {
    const log = vi.spyOn(console, 'log');
    const info = vi.spyOn(console, 'info');
    const session = start();
    const credentials = await session.getCredentials();
    signIn('ada');
    await settle();
    const secrets = [credentials.secretAccessKey, credentials.sessionToken, testIdToken('ada')];
    for (let index = 0; index < storage.length; index++) {
      const text = storage.getItem(storage.key(index)!) ?? '';
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
    const logged = JSON.stringify([log.mock.calls, info.mock.calls, warn.mock.calls]);
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(Object.isFrozen(credentials)).toBe(true);
  });
});
