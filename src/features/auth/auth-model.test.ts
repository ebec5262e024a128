import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, type AppStorage } from '../../lib/storage';
import { captureReports } from '../../test/capture-reports';
import { AuthModel } from './auth-model';
import { otherTabWrites } from '../../test/other-tab';

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
    otherTabWrites(storage, 'snxt-AUTH', JSON.stringify({ user: null, isAuthenticated: false }));
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

describe("the user's groups", () => {
  const signedInWith = (groups: unknown) => {
    const auth = create();
    auth.loginSuccess({ ...profile, groups } as typeof profile);
    return auth.state.value.user;
  };

  it('keeps a list of group names, as a copy, and stores it', () => {
    const groups = ['editors', 'snxt-demo-users'];
    const auth = create();
    auth.loginSuccess({ ...profile, groups });
    groups.push('admins');
    expect(auth.state.value.user?.groups).toEqual(['editors', 'snxt-demo-users']);
    expect(storedAuth()).toEqual({
      user: { ...profile, groups: ['editors', 'snxt-demo-users'] },
      isAuthenticated: true,
    });
  });

  it('has none when the profile names none or an empty list', () => {
    expect(signedInWith(undefined)).toEqual(profile);
    expect(signedInWith([])).toEqual(profile);
  });

  it.each([
    ['a string', 'admins'],
    ['a comma-separated string', 'admins,editors'],
    ['numbers', [1, 2]],
    ['a mixed list', ['admins', 7]],
    ['nested lists', [['admins']]],
    ['null', null],
    ['an array-like object', { 0: 'admins', length: 1 }],
    // eslint-disable-next-line no-sparse-arrays -- a hole is what is tested
    ['a list with holes', [, 'admins']],
    ['an empty name', ['admins', '']],
    ['a name longer than 128 characters', ['a'.repeat(129)]],
    ['more than 100 groups (10,000)', Array.from({ length: 10_000 }, (_, index) => `group-${index}`)],
    ['101 groups', Array.from({ length: 101 }, (_, index) => `group-${index}`)],
  ])('has none, and signs in all the same, when the claim is %s', (_what, groups) => {
    const user = signedInWith(groups);
    expect(user).toEqual(profile);
    expect(reporter.error).not.toHaveBeenCalled();
  });

  it('keeps up to 100 groups of up to 128 characters', () => {
    const groups = Array.from({ length: 100 }, (_, index) => `${index}-${'g'.repeat(120)}`);
    expect(signedInWith(groups)?.groups).toEqual(groups);
  });

  it('keeps names such as "__proto__" as plain text, touching no prototype', () => {
    expect(signedInWith(['__proto__', 'constructor'])?.groups).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf([])).toBe(Array.prototype);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });

  it('takes no groups from a "__proto__" claim or an inherited one', () => {
    const auth = create();
    auth.loginSuccess(JSON.parse('{"sub":"user-1","__proto__":{"groups":["admins"]}}') as typeof profile);
    expect(auth.state.value.user).toEqual({ sub: 'user-1' });
    auth.loginSuccess(
      Object.assign(Object.create({ groups: ['admins'] }) as object, { sub: 'user-1' }) as typeof profile,
    );
    expect(auth.state.value.user?.groups).toBeUndefined();
  });

  it('checks stored groups the same way', () => {
    expect(
      create({ isAuthenticated: true, user: { ...profile, groups: ['editors'] } }).state.value.user?.groups,
    ).toEqual(['editors']);
    expect(create({ isAuthenticated: true, user: { ...profile, groups: 'editors' } }).state.value).toEqual({
      isAuthenticated: true,
      user: profile,
    });
  });
});
