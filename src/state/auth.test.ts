import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureReports } from '../test/capture-reports';
import { createAuthState, sanitizeAuth, SIGNED_OUT } from './auth';

const profile = { sub: 'user-1', email: 'demo@snxt.dev', name: 'Demo User' };
let reporter: ReturnType<typeof captureReports>;
beforeEach(() => {
  reporter = captureReports();
});

describe('auth state', () => {
  it('starts signed out', () => {
    expect(createAuthState().state.value).toEqual({ isAuthenticated: false, user: null });
  });

  it('Login starts the hosted sign-in and changes no state', () => {
    const startLogin = vi.fn();
    const auth = createAuthState(undefined, { startLogin });
    auth.login();
    expect(startLogin).toHaveBeenCalledOnce();
    expect(auth.state.value.isAuthenticated).toBe(false);
  });

  it('Login Success stores the profile', () => {
    const auth = createAuthState();
    auth.loginSuccess(profile);
    expect(auth.state.value).toEqual({ isAuthenticated: true, user: profile });
  });

  it('Login Success refuses a payload carrying tokens or no subject', () => {
    const auth = createAuthState();
    expect(auth.loginSuccess({ ...profile, access_token: 'secret' })).toBe(false);
    expect(auth.loginSuccess({ email: 'x@y.z' } as never)).toBe(false);
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(reporter.error).toHaveBeenCalledTimes(2);
  });

  it('Logout signs out at once, then ends the provider session', () => {
    const order: string[] = [];
    const auth = createAuthState(
      { isAuthenticated: true, user: profile },
      { endSession: () => order.push('endSession') },
    );
    auth.logout();
    order.push(`signed out: ${!auth.state.value.isAuthenticated}`);
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(order).toEqual(['endSession', 'signed out: true']);
  });
});

describe('session ended', () => {
  it('signs out without a provider round trip', () => {
    const endSession = vi.fn();
    const auth = createAuthState({ isAuthenticated: true, user: profile }, { endSession });
    auth.sessionEnded();
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(endSession).not.toHaveBeenCalled();
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
  ])('falls back to signed out for %s', (_, stored) => {
    expect(sanitizeAuth(stored)).toEqual({ isAuthenticated: false, user: null });
  });

  it('reads only own fields, never inherited ones', () => {
    expect(sanitizeAuth(Object.create({ isAuthenticated: true, user: profile }))).toEqual(SIGNED_OUT);
    expect(sanitizeAuth({ isAuthenticated: true, user: Object.create({ sub: 'user-1' }) })).toEqual(SIGNED_OUT);
  });

  it('drops __proto__, constructor and prototype claims from a stored profile', () => {
    const stored: unknown = JSON.parse(
      '{"isAuthenticated":true,"user":{"sub":"user-1","__proto__":{"isAdmin":true},' +
        '"constructor":{"prototype":{"isAdmin":true}},"Prototype":1}}',
    );
    const { user } = sanitizeAuth(stored);
    expect(user).not.toBeNull();
    expect(Reflect.ownKeys(user!)).toEqual(['sub']);
    expect(Object.getPrototypeOf(user)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('Login Success drops the same claims from a profile', () => {
    const auth = createAuthState();
    auth.loginSuccess(JSON.parse('{"sub":"user-1","name":"Ada","__proto__":{"isAdmin":true}}') as typeof profile);
    expect(Reflect.ownKeys(auth.state.value.user!)).toEqual(['sub', 'name']);
  });
});
