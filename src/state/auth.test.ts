import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureReports } from '../test/capture-reports';
import { createAuthState, sanitizeAuth } from './auth';

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
});
