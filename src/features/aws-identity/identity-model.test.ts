import { computed, signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { connectSessionTokens, tokensChanged, type IdToken } from '../../lib/session-tokens';
import { createMemoryStorage, type AppStorage } from '../../lib/storage';
import { startTestState } from '../../test/test-state';
import { captureReports } from '../../test/capture-reports';
import {
  fakeCognito,
  TEST_ISSUER,
  TEST_POOL,
  TEST_PROVIDER,
  testIdToken,
  type FakeCognitoOptions,
} from '../../test/fake-cognito';
import { auth } from '../auth';
import { IdentityModel } from './identity-model';
import { otherTabWrites } from '../../test/other-tab';

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
  /** The sign-in feature connects the tokens door whenever sign-in is configured. */
  door?: boolean;
  pool?: FakeCognitoOptions;
}

/** The app's state, the tokens door and the identity model, as the app starts them. */
function start({ storedIdentity, signedInAs, door = true, pool = {} }: Start = {}): IdentityModel {
  cognito = fakeCognito(pool);
  const stored: Record<string, unknown> = {};
  if (storedIdentity !== undefined) stored['snxt-IDENTITY'] = storedIdentity;
  if (signedInAs) {
    stored['snxt-AUTH'] = { isAuthenticated: true, user: { sub: signedInAs } };
    token = { token: testIdToken(signedInAs), issuer: TEST_ISSUER };
  }
  storage = startTestState({ stored });
  reporter = captureReports();
  if (door) {
    const none = async () => null;
    onTestFinished(
      connectSessionTokens({ current: none, renew: none, end: () => undefined, idToken: async () => token }),
    );
  }
  const model = new IdentityModel({
    pool: TEST_POOL,
    storage,
    signedIn: computed(() => auth().state.value.isAuthenticated),
    fetch: cognito.fetch,
  });
  onTestFinished(() => model[Symbol.dispose]());
  return model;
}

/** Lets pending answers arrive. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function signIn(sub: string, valid = true) {
  token = { token: testIdToken(sub, valid), issuer: TEST_ISSUER };
  auth().loginSuccess({ sub });
  tokensChanged();
}

function signOut() {
  token = null;
  auth().logout();
  tokensChanged();
}

const notices = () => reporter.notice.mock.calls.map(([notice]) => notice.messageId);
const storedIdentityId = () => JSON.parse(storage.getItem('snxt-IDENTITY') ?? 'null')?.identityId as string | undefined;

describe('AWS credentials for a guest', () => {
  it('gets an identity (GetId, then GetCredentialsForIdentity without Logins) and keeps its id', async () => {
    const model = start();
    model.start();
    await settle();
    expect(cognito.calls).toEqual([
      { operation: 'GetId', identityId: undefined, logins: undefined },
      { operation: 'GetCredentialsForIdentity', identityId: storedIdentityId(), logins: undefined },
    ]);
    expect(model.state.value).toEqual({
      identityId: storedIdentityId(),
      expiration: new Date(Date.now() + HOUR),
      kind: 'guest',
    });
    await expect(model.getCredentials()).resolves.toMatchObject({ accessKeyId: expect.stringMatching(/^ASIA/) });
    expect(cognito.calls).toHaveLength(2);
  });

  it('uses the stored identity without asking for a new one', async () => {
    const model = start({ storedIdentity: { identityId: STORED_GUEST } });
    cognito.identities.set(STORED_GUEST, null);
    await model.getCredentials();
    expect(cognito.calls).toEqual([{ operation: 'GetCredentialsForIdentity', identityId: STORED_GUEST }]);
  });

  it.each([
    ['Cognito no longer knows (ResourceNotFound)', () => undefined],
    ['belongs to a user (NotAuthorized)', () => cognito.identities.set(STORED_GUEST, 'someone')],
  ])('replaces a stored identity %s through GetId, once and quietly', async (_, arrange) => {
    const model = start({ storedIdentity: { identityId: STORED_GUEST } });
    arrange();
    await model.getCredentials();
    expect(cognito.operations()).toEqual(['GetCredentialsForIdentity', 'GetId', 'GetCredentialsForIdentity']);
    expect(storedIdentityId()).not.toBe(STORED_GUEST);
    expect(notices()).toEqual([]);
  });

  it('without the ID token door (no sign-in configured) is a guest, even with a stored signed-in state', async () => {
    const model = start({ door: false, signedInAs: 'ada' });
    await model.getCredentials();
    expect(cognito.calls.every((call) => call.logins === undefined)).toBe(true);
    expect(model.state.value.kind).toBe('guest');
  });

  it('a pool that refuses guests: no notice, no credentials, and asked again at the next need', async () => {
    const model = start({ pool: { allowGuests: false } });
    model.start();
    await settle();
    await expect(model.getCredentials()).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    expect(cognito.operations()).toEqual(['GetId', 'GetId']);
    expect(model.state.value).toEqual({ identityId: null, expiration: null, kind: null });
    expect(notices()).toEqual([]);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(cognito.calls).toHaveLength(2);
  });

  it('a pool that refuses guests, with a stored identity: still no notice', async () => {
    const model = start({ storedIdentity: { identityId: STORED_GUEST }, pool: { allowGuests: false } });
    cognito.identities.set(STORED_GUEST, null);
    await expect(model.getCredentials()).rejects.toThrow();
    expect(notices()).toEqual([]);
  });
});

describe('AWS credentials for a signed-in user', () => {
  it('links the stored guest identity at sign-in: its id with the Logins map, and no GetId', async () => {
    const model = start();
    model.start();
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
    expect(model.state.value).toMatchObject({ identityId: guestId, kind: 'user' });
    expect(storedIdentityId()).toBe(guestId);
  });

  it("keeps the identity Cognito answers with when it merges the guest into the user's own", async () => {
    const model = start();
    await model.getCredentials();
    const guestId = storedIdentityId()!;
    // The user has an identity of their own from an earlier visit.
    await cognito.fetch(TEST_POOL.endpoint, {
      headers: { 'x-amz-target': 'AWSCognitoIdentityService.GetId' },
      body: JSON.stringify({ Logins: { [TEST_PROVIDER]: testIdToken('ada') } }),
    });
    signIn('ada');
    await settle();
    expect(model.state.value.identityId).not.toBe(guestId);
    expect(storedIdentityId()).toBe(model.state.value.identityId);
  });

  it('starts signed in: GetId with the Logins map when nothing is stored', async () => {
    const model = start({ signedInAs: 'ada' });
    await model.getCredentials();
    expect(cognito.calls.map((call) => call.logins)).toEqual([
      { [TEST_PROVIDER]: testIdToken('ada') },
      { [TEST_PROVIDER]: testIdToken('ada') },
    ]);
    expect(model.state.value.kind).toBe('user');
  });

  it('asks again at once when the ID token is renewed', async () => {
    const model = start({ signedInAs: 'ada' });
    await model.getCredentials();
    token = { token: testIdToken('ada', true, 2), issuer: TEST_ISSUER };
    tokensChanged();
    await settle();
    expect(cognito.calls).toHaveLength(3);
    expect(cognito.calls.at(-1)?.logins).toEqual({ [TEST_PROVIDER]: token.token });
  });

  it('a change notice without a new token asks nothing', async () => {
    const model = start({ signedInAs: 'ada' });
    await model.getCredentials();
    tokensChanged();
    tokensChanged();
    await settle();
    expect(cognito.calls).toHaveLength(2);
  });

  it('sign-out forgets the identity (snxt-IDENTITY) and goes back to a new guest identity', async () => {
    const model = start({ signedInAs: 'ada' });
    await model.getCredentials();
    const userId = storedIdentityId();
    signOut();
    await settle();
    expect(cognito.calls.slice(-2)).toEqual([
      { operation: 'GetId', identityId: undefined, logins: undefined },
      { operation: 'GetCredentialsForIdentity', identityId: storedIdentityId(), logins: undefined },
    ]);
    expect(storedIdentityId()).not.toBe(userId);
    expect(model.state.value.kind).toBe('guest');
  });

  it("a sign-out while the user's request is under way: its answer is dropped, the guest never sends the user's identity", async () => {
    const model = start({ signedInAs: 'ada' });
    // Holds the user's GetCredentialsForIdentity answer until the user has signed out.
    const answer = cognito.fetch.getMockImplementation()!;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    cognito.fetch.mockImplementation(async (url, init) => {
      const response = await answer(url, init);
      if (String(init?.body).includes('Logins') && String(init?.body).includes('IdentityId')) await released;
      return response;
    });
    const users = model.getCredentials();
    await vi.waitFor(() => expect(cognito.calls.filter((call) => call.logins)).toHaveLength(2));
    const userId = cognito.calls.at(-1)?.identityId;
    signOut();
    release();
    await users.catch(() => undefined);
    await settle();
    const guestCalls = cognito.calls.filter((call) => !call.logins);
    expect(guestCalls.map((call) => call.identityId)).not.toContain(userId);
    expect(guestCalls[0]).toEqual({ operation: 'GetId', identityId: undefined, logins: undefined });
    expect(model.state.value.kind).toBe('guest');
    expect(storedIdentityId()).not.toBe(userId);
    expect(notices()).toEqual([]);
  });

  it("never hands out the user's credentials after sign-out, even when the guest ones fail", async () => {
    const model = start({ signedInAs: 'ada' });
    const users = await model.getCredentials();
    cognito.failWith('network');
    signOut();
    await expect(model.getCredentials()).rejects.toThrow();
    expect(model.state.value).toEqual({ identityId: null, expiration: null, kind: null });
    expect(users.accessKeyId).toMatch(/^ASIA/);
  });

  it('a token arriving while a guest request is under way is used as soon as it answers', async () => {
    const model = start();
    const first = model.getCredentials();
    signIn('ada');
    const credentials = await first;
    expect(model.state.value.kind).toBe('user');
    expect(cognito.calls.at(-1)?.logins).toEqual({ [TEST_PROVIDER]: testIdToken('ada') });
    await expect(model.getCredentials()).resolves.toBe(credentials);
  });

  it.each([
    ['an expired ID token', (sub: string) => signIn(sub, false)],
    [
      'an ID token of another issuer',
      (sub: string) => (
        (token = { token: testIdToken(sub), issuer: 'https://evil.example' }),
        auth().loginSuccess({ sub }),
        tokensChanged()
      ),
    ],
  ])('%s (NotAuthorized): one notice, no credentials', async (_, signInWith) => {
    const model = start();
    signInWith('ada');
    await expect(model.getCredentials()).rejects.toMatchObject({ type: 'NotAuthorizedException' });
    await expect(model.getCredentials()).rejects.toThrow();
    expect(notices()).toEqual([UNAVAILABLE]);
    expect(model.state.value.kind).toBeNull();
  });
});

describe('when the identity service fails', () => {
  it.each(['network', 'html', 'server-error', 'foreign-region'] as const)(
    '%s: one warning notice however often it is asked, and asked again at each need',
    async (failure) => {
      const model = start();
      cognito.failWith(failure);
      model.start();
      await settle();
      for (let i = 0; i < 5; i++) await expect(model.getCredentials()).rejects.toThrow();
      expect(notices()).toEqual([UNAVAILABLE]);
      expect(reporter.notice.mock.calls[0]?.[0]).toMatchObject({ kind: 'warning' });
      expect(reporter.error).not.toHaveBeenCalled();
      expect(cognito.calls.length).toBeGreaterThanOrEqual(6);
      expect(model.state.value.kind).toBeNull();
    },
  );

  it('says so again only after it has worked in between', async () => {
    const model = start();
    cognito.failWith('network');
    await expect(model.getCredentials()).rejects.toThrow();
    cognito.failWith(null);
    await model.getCredentials();
    cognito.failWith('network');
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(notices()).toEqual([UNAVAILABLE, UNAVAILABLE]);
  });

  it('keeps serving credentials that are still valid when their refresh fails', async () => {
    const model = start();
    const credentials = await model.getCredentials();
    cognito.failWith('server-error');
    await vi.advanceTimersByTimeAsync(56 * MINUTE);
    await expect(model.getCredentials()).resolves.toBe(credentials);
    expect(notices()).toEqual([UNAVAILABLE]);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    await expect(model.getCredentials()).rejects.toThrow();
    expect(model.state.value.kind).toBeNull();
  });

  it('credentials already expired when they arrive are not used, and not asked for again by themselves', async () => {
    const model = start();
    cognito.failWith('expired');
    model.start();
    await settle();
    await expect(model.getCredentials()).rejects.toThrow(/expired/);
    expect(notices()).toEqual([UNAVAILABLE]);
    const asked = cognito.calls.length;
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(cognito.calls).toHaveLength(asked);
  });
});

describe('refreshing', () => {
  it('a burst of calls makes one request', async () => {
    const model = start();
    const all = await Promise.all(Array.from({ length: 20 }, () => model.getCredentials()));
    expect(new Set(all).size).toBe(1);
    expect(cognito.operations()).toEqual(['GetId', 'GetCredentialsForIdentity']);
  });

  it.each([0, 5 * MINUTE, -5 * MINUTE])(
    'refreshes 5 minutes before expiry, once an hour, with AWS %i ms off the browser',
    async (skewMs) => {
      const model = start({ pool: { skewMs } });
      model.start();
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
      const model = start({ pool: { skewMs, dated: false } });
      model.start();
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
    const model = start({ pool: { ttlMs: 8000 } });
    model.start();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    const refreshes = cognito.operations().filter((op) => op === 'GetCredentialsForIdentity').length - 1;
    expect(refreshes).toBe(12);
  });

  it('stops refreshing when stopped', async () => {
    const model = start();
    model.start();
    await settle();
    model[Symbol.dispose]();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(cognito.calls).toHaveLength(2);
  });
});

describe('secrets', () => {
  it('the credentials are never stored or logged', async () => {
    const log = vi.spyOn(console, 'log');
    const info = vi.spyOn(console, 'info');
    const model = start();
    const credentials = await model.getCredentials();
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

describe('the identity in snxt-IDENTITY', () => {
  const GUEST_ID = 'eu-west-1:3cb6a488-e783-482c-82dc-1451b3589c2e';
  const USER_ID = 'eu-west-1:9f1d2c3b-4a5e-4f60-8a7b-6c5d4e3f2a1b';
  const EXPIRATION = new Date('2026-10-21T08:28:00Z');

  let reporter: ReturnType<typeof captureReports>;
  let storage: AppStorage;
  let warn: ReturnType<typeof vi.spyOn>;
  const models: IdentityModel[] = [];

  beforeEach(() => {
    signedIn.value = false;
    reporter = captureReports();
    storage = createMemoryStorage();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => models.splice(0).forEach((model) => model[Symbol.dispose]()));

  const signedIn = signal(false);

  /** The model over storage holding `stored` in snxt-IDENTITY (nothing when undefined). */
  function create(stored?: unknown, signedInAtStart = false) {
    if (stored !== undefined) storage.setItem('snxt-IDENTITY', JSON.stringify(stored));
    const model = new IdentityModel({ pool: TEST_POOL, storage, signedIn, signedInAtStart });
    models.push(model);
    return model;
  }
  const storedIdentity = () => storage.getItem('snxt-IDENTITY');

  /** Another tab writes (or removes, with null) snxt-IDENTITY. */
  const otherTabWritesIdentity = (text: string | null) => otherTabWrites(storage, 'snxt-IDENTITY', text);

  describe('stored identity', () => {
    it('is read from snxt-IDENTITY', () => {
      storage.setItem('snxt-IDENTITY', JSON.stringify({ identityId: GUEST_ID }));
      const identity = create();
      expect(identity.state.value).toEqual({ identityId: GUEST_ID, expiration: null, kind: null });
      expect(warn).not.toHaveBeenCalled();
    });

    it.each([
      ['a string', '"eu-west-1:3cb6a488-e783-482c-82dc-1451b3589c2e"'],
      ['an array', `[{"identityId":"${GUEST_ID}"}]`],
      ['no identityId', '{}'],
      ['identityId not a string', '{"identityId":{"toString":"eu-west-1:x"}}'],
      ['identityId a number', '{"identityId":42}'],
      ['identityId only in __proto__', `{"__proto__":{"identityId":"${GUEST_ID}"}}`],
      ['another region', `{"identityId":"us-east-1:3cb6a488-e783-482c-82dc-1451b3589c2e"}`],
      ['not an identity id', '{"identityId":"eu-west-1:../../admin"}'],
      ['an id with more after it', `{"identityId":"${GUEST_ID}\\n<script>"}`],
      ['a huge id', `{"identityId":"eu-west-1:${'a'.repeat(100_000)}"}`],
    ])('drops %s with a warning and removes it from storage', (_, text) => {
      storage.setItem('snxt-IDENTITY', text);
      const identity = create();
      expect(identity.state.value.identityId).toBeNull();
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toContain('snxt-IDENTITY');
      expect(storedIdentity()).toBeNull();
      expect(reporter.error).not.toHaveBeenCalled();
    });

    it('leaves nothing in the prototype chain of what it keeps', () => {
      storage.setItem('snxt-IDENTITY', `{"identityId":"${GUEST_ID}","__proto__":{"polluted":true}}`);
      const identity = create();
      expect(identity.state.value.identityId).toBe(GUEST_ID);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('identity actions', () => {
    it('Credentials Received keeps the identity in storage and the expiry and kind in memory only', () => {
      const identity = create();
      expect(identity.credentialsReceived({ identityId: USER_ID, expiration: EXPIRATION, kind: 'user' })).toBe(true);
      expect(identity.state.value).toEqual({ identityId: USER_ID, expiration: EXPIRATION, kind: 'user' });
      expect(JSON.parse(storedIdentity()!)).toEqual({ identityId: USER_ID });
    });

    it.each([
      ['another region', { identityId: 'us-east-1:9f1d2c3b-4a5e-4f60-8a7b-6c5d4e3f2a1b', kind: 'user' }],
      ['no identity id', { identityId: null, kind: 'user' }],
      ['an unknown kind', { identityId: USER_ID, kind: 'admin' }],
      ['an invalid expiration', { identityId: USER_ID, kind: 'user', expiration: new Date(NaN) }],
    ])('Credentials Received refuses %s and changes nothing', (_, payload) => {
      const identity = create({ identityId: GUEST_ID });
      const before = identity.state.value;
      expect(identity.credentialsReceived({ expiration: EXPIRATION, ...payload } as never)).toBe(false);
      expect(identity.state.value).toBe(before);
      expect(reporter.error).toHaveBeenCalledOnce();
    });

    it('Credentials Received keeps only the identity, expiry and kind of its payload', () => {
      const identity = create();
      const payload = { identityId: USER_ID, expiration: EXPIRATION, kind: 'user', secretAccessKey: 'secret' } as const;
      identity.credentialsReceived(payload);
      expect(Object.keys(identity.state.value).sort()).toEqual(['expiration', 'identityId', 'kind']);
    });

    it('Credentials Dropped forgets the expiry and kind but keeps the identity', () => {
      const identity = create();
      identity.credentialsReceived({ identityId: GUEST_ID, expiration: EXPIRATION, kind: 'guest' });
      identity.credentialsDropped();
      expect(identity.state.value).toEqual({ identityId: GUEST_ID, expiration: null, kind: null });
      expect(JSON.parse(storedIdentity()!)).toEqual({ identityId: GUEST_ID });
    });

    it('Cleared (sign-out) forgets the identity and removes snxt-IDENTITY', () => {
      const identity = create();
      identity.credentialsReceived({ identityId: USER_ID, expiration: EXPIRATION, kind: 'user' });
      identity.cleared();
      expect(identity.state.value).toEqual({ identityId: null, expiration: null, kind: null });
      expect(storedIdentity()).toBeNull();
    });

    it("follows another tab's identity, checking it as it checks storage", () => {
      const identity = create({ identityId: GUEST_ID });
      otherTabWritesIdentity(JSON.stringify({ identityId: USER_ID }));
      expect(identity.state.value.identityId).toBe(USER_ID);
      otherTabWritesIdentity(null);
      expect(identity.state.value.identityId).toBeNull();
      otherTabWritesIdentity('{"identityId":"us-east-1:9f1d2c3b-4a5e-4f60-8a7b-6c5d4e3f2a1b"}');
      expect(identity.state.value.identityId).toBeNull();
      expect(warn).toHaveBeenCalledOnce();
    });

    it('forgets the identity when the user signs out (here or in another tab), not before', () => {
      signedIn.value = true;
      const identity = create({ identityId: USER_ID });
      expect(identity.state.value.identityId).toBe(USER_ID);
      signedIn.value = false;
      expect(identity.state.value.identityId).toBeNull();
      expect(storedIdentity()).toBeNull();
    });

    it('forgets the identity when the user signed in at start-up is signed out before the model is made (the session ended)', () => {
      const identity = create({ identityId: USER_ID }, true);
      expect(identity.state.value.identityId).toBeNull();
      expect(storedIdentity()).toBeNull();
    });

    it('keeps a guest identity at start-up and through a sign-in', () => {
      const identity = create({ identityId: GUEST_ID });
      signedIn.value = true;
      expect(identity.state.value.identityId).toBe(GUEST_ID);
      expect(JSON.parse(storedIdentity()!)).toEqual({ identityId: GUEST_ID });
    });
  });
});
