import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, loadStoredState, type AppStorage } from '../lib/storage';
import { captureReports } from '../test/capture-reports';
import { IdentityModel } from './identity-model';

const REGION = 'eu-west-1';
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

function create(stored?: unknown, region: string | null = REGION, signedInAtStart = false) {
  const model = new IdentityModel({ stored, storage, region, signedIn, signedInAtStart });
  models.push(model);
  return model;
}
const storedIdentity = () => storage.getItem('snxt-IDENTITY');

/** Another tab writes (or removes, with null) snxt-IDENTITY. */
function otherTabWrites(text: string | null) {
  if (text === null) storage.removeItem('snxt-IDENTITY');
  else storage.setItem('snxt-IDENTITY', text);
  window.dispatchEvent(
    new StorageEvent('storage', { key: 'snxt-IDENTITY', newValue: text, storageArea: storage as unknown as Storage }),
  );
}

describe('stored identity', () => {
  it('is rebuilt from snxt-IDENTITY to `identity`, like the other keys', () => {
    storage.setItem('snxt-IDENTITY', JSON.stringify({ identityId: GUEST_ID }));
    const identity = create(loadStoredState(storage).identity);
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
    const identity = create(loadStoredState(storage).identity);
    expect(identity.state.value.identityId).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain('snxt-IDENTITY');
    expect(storedIdentity()).toBeNull();
    expect(reporter.error).not.toHaveBeenCalled();
  });

  it('leaves nothing in the prototype chain of what it keeps', () => {
    const identity = create(JSON.parse(`{"identityId":"${GUEST_ID}","__proto__":{"polluted":true}}`));
    expect(identity.state.value.identityId).toBe(GUEST_ID);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('without a pool it keeps no identity and says nothing', () => {
    const identity = create({ identityId: GUEST_ID }, null);
    expect(identity.state.value.identityId).toBeNull();
    expect(warn).not.toHaveBeenCalled();
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
    otherTabWrites(JSON.stringify({ identityId: USER_ID }));
    expect(identity.state.value.identityId).toBe(USER_ID);
    otherTabWrites(null);
    expect(identity.state.value.identityId).toBeNull();
    otherTabWrites('{"identityId":"us-east-1:9f1d2c3b-4a5e-4f60-8a7b-6c5d4e3f2a1b"}');
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
    storage.setItem('snxt-IDENTITY', JSON.stringify({ identityId: USER_ID }));
    const identity = create({ identityId: USER_ID }, REGION, true);
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
