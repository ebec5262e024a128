import { describe, expect, it, vi } from 'vitest';
import * as report from '../lib/report';
import { createAuthState } from './auth';

const PROFILE = { sub: 'user-1', email: 'ada@example.com', name: 'Ada' };

describe('auth actions', () => {
  it('Login starts the hosted sign-in through the hook and changes nothing yet', () => {
    const startLogin = vi.fn();
    const auth = createAuthState(null, { startLogin });
    auth.login();
    expect(startLogin).toHaveBeenCalledTimes(1);
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
  });

  it('Login Success takes a profile and refuses one carrying tokens', () => {
    const error = vi.spyOn(report, 'reportError').mockImplementation(() => undefined);
    const auth = createAuthState(null);
    expect(auth.loginSuccess({ ...PROFILE, access_token: 'secret' })).toBe(false);
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(auth.loginSuccess(PROFILE)).toBe(true);
    expect(auth.state.value).toEqual({ isAuthenticated: true, user: PROFILE });
  });

  it('Logout signs out at once, then ends the provider session', () => {
    const order: string[] = [];
    const auth = createAuthState(
      { isAuthenticated: true, user: PROFILE },
      {
        endSession: () => order.push(`endSession while signed in: ${auth.state.value.isAuthenticated}`),
      },
    );
    auth.logout();
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(order).toEqual(['endSession while signed in: false']);
  });

  it('Session Ended signs out without a provider round trip', () => {
    const endSession = vi.fn();
    const auth = createAuthState({ isAuthenticated: true, user: PROFILE }, { endSession });
    auth.sessionEnded();
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(endSession).not.toHaveBeenCalled();
  });
});
