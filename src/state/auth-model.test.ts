import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, type KeyValueStorage } from '../lib/storage';
import { captureReports } from '../test/capture-reports';
import { AuthModel, sanitizeAuth } from './auth-model';

const profile = { sub: 'user-1', email: 'demo@snxt.dev', name: 'Demo User' };
let reporter: ReturnType<typeof captureReports>;
let storage: KeyValueStorage;
const models: AuthModel[] = [];

beforeEach(() => {
  reporter = captureReports();
  storage = createMemoryStorage();
});
afterEach(() => models.splice(0).forEach((model) => model[Symbol.dispose]()));

function create(stored?: unknown) {
  const model = new AuthModel({ stored, storage });
  models.push(model);
  return model;
}
const storedAuth = () => JSON.parse(storage.getItem('snxt-AUTH') ?? 'null') as unknown;

describe('auth state', () => {
  it('starts signed out', () => {
    expect(create().state.value).toEqual({ isAuthenticated: false, user: null });
  });

  it('Login changes no state', () => {
    const auth = create();
    expect(auth.login()).toBe(true);
    expect(auth.state.value.isAuthenticated).toBe(false);
  });

  it('Login Success stores the profile, and saves it without tokens', () => {
    const auth = create();
    auth.loginSuccess(profile);
    expect(auth.state.value).toEqual({ isAuthenticated: true, user: profile });
    expect(storedAuth()).toEqual({ user: profile, isAuthenticated: true });
  });

  it('Login Success refuses a payload carrying tokens or no subject', () => {
    const auth = create();
    expect(auth.loginSuccess({ ...profile, access_token: 'secret' })).toBe(false);
    expect(auth.loginSuccess({ email: 'x@y.z' } as never)).toBe(false);
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(reporter.error).toHaveBeenCalledTimes(2);
  });

  it.each(['logout', 'sessionEnded'] as const)('%s signs out and stores that', (action) => {
    const auth = create({ isAuthenticated: true, user: profile });
    auth[action]();
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(storedAuth()).toEqual({ user: null, isAuthenticated: false });
  });

  it('follows a sign-out in another tab', () => {
    const auth = create({ isAuthenticated: true, user: profile });
    const signedOut = JSON.stringify({ user: null, isAuthenticated: false });
    storage.setItem('snxt-AUTH', signedOut);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'snxt-AUTH', newValue: signedOut, storageArea: storage as Storage }),
    );
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
  });
});

describe('stored auth', () => {
  it('keeps a well-formed signed-in state as a hint', () => {
    expect(sanitizeAuth({ isAuthenticated: true, user: profile })).toEqual({ isAuthenticated: true, user: profile });
  });

  it.each([
    ['not an object', 'yes'],
    ['signed in without a user', { isAuthenticated: true, user: null }],
    ['a user with a token', { isAuthenticated: true, user: { ...profile, id_token: 'x' } }],
    ['isAuthenticated not a boolean', { isAuthenticated: 'true', user: profile }],
    ['a subject only on the prototype', { isAuthenticated: true, user: JSON.parse('{"__proto__": {"sub": "x"}}') }],
  ])('falls back to signed out for %s', (_, stored) => {
    expect(sanitizeAuth(stored)).toEqual({ isAuthenticated: false, user: null });
  });
});
