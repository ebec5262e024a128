import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, type AppStorage } from '../lib/storage';
import { captureReports } from '../test/capture-reports';
import { AuthModel } from './auth-model';

const profile = { sub: 'user-1', email: 'demo@snxt.dev', name: 'Demo User' };
let reporter: ReturnType<typeof captureReports>;
let storage: AppStorage;
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
const SIGNED_OUT = { isAuthenticated: false, user: null };
const startedWith = (stored: unknown) => create(stored).state.value;
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

  it('Login Success drops __proto__, constructor and prototype claims from a profile', () => {
    const auth = create();
    auth.loginSuccess(JSON.parse('{"sub":"user-1","name":"Ada","__proto__":{"isAdmin":true}}') as typeof profile);
    expect(Reflect.ownKeys(auth.state.value.user!)).toEqual(['sub', 'name']);
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
      new StorageEvent('storage', {
        key: 'snxt-AUTH',
        newValue: signedOut,
        storageArea: storage as unknown as Storage,
      }),
    );
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
  });
});

describe('stored auth', () => {
  it('keeps a well-formed signed-in state as a hint', () => {
    expect(startedWith({ isAuthenticated: true, user: profile })).toEqual({ isAuthenticated: true, user: profile });
  });

  it.each([
    ['not an object', 'yes'],
    ['signed in without a user', { isAuthenticated: true, user: null }],
    ['a user with a token', { isAuthenticated: true, user: { ...profile, id_token: 'x' } }],
    ['isAuthenticated not a boolean', { isAuthenticated: 'true', user: profile }],
  ])('falls back to signed out for %s', (_, stored) => {
    expect(startedWith(stored)).toEqual({ isAuthenticated: false, user: null });
  });

  it('reads only own fields, never inherited ones', () => {
    expect(startedWith(Object.create({ isAuthenticated: true, user: profile }))).toEqual(SIGNED_OUT);
    expect(startedWith({ isAuthenticated: true, user: Object.create({ sub: 'user-1' }) })).toEqual(SIGNED_OUT);
  });

  it('drops __proto__, constructor and prototype claims from a stored profile', () => {
    const stored: unknown = JSON.parse(
      '{"isAuthenticated":true,"user":{"sub":"user-1","__proto__":{"isAdmin":true},' +
        '"constructor":{"prototype":{"isAdmin":true}},"Prototype":1}}',
    );
    const { user } = startedWith(stored);
    expect(user).not.toBeNull();
    expect(Reflect.ownKeys(user!)).toEqual(['sub']);
    expect(Object.getPrototypeOf(user)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
