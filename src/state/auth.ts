import { signal } from '@preact/signals-react';
import { ownValue, withoutUnsafeKeys } from '../lib/safe-keys';
import { isRecord } from '../lib/storage';
import { defineAction, noPayload, rejected, valid, type Validator } from './define-action';

/** Profile claims of the ID token (sub, email, name…); never tokens. */
export interface UserProfile {
  sub: string;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

export interface AuthState {
  isAuthenticated: boolean;
  user: UserProfile | null;
}

export const SIGNED_OUT: Readonly<AuthState> = Object.freeze({ isAuthenticated: false, user: null });

const TOKEN_CLAIMS = ['access_token', 'id_token', 'refresh_token', 'token'];

const profileValidator: Validator<UserProfile> = (payload) => {
  if (!isRecord(payload)) return rejected('expected a profile with a "sub" claim');
  const sub = ownValue(payload, 'sub');
  if (typeof sub !== 'string' || sub === '') return rejected('expected a profile with a "sub" claim');
  if (TOKEN_CLAIMS.some((claim) => claim in payload)) return rejected('a profile must not carry tokens');
  // A plain copy of the own claims: a "__proto__" or "constructor" claim is never passed on.
  return valid(withoutUnsafeKeys(payload) as UserProfile);
};

export function sanitizeAuth(stored: unknown): AuthState {
  if (!isRecord(stored) || ownValue(stored, 'isAuthenticated') !== true) return { ...SIGNED_OUT };
  const user = profileValidator(ownValue(stored, 'user'));
  return user.ok ? { isAuthenticated: true, user: user.value } : { ...SIGNED_OUT };
}

export interface AuthHooks {
  /** Starts the hosted sign-in (set by the sign-in feature once it is loaded). */
  startLogin?: () => void;
  /** Ends the provider session after the local state is cleared. */
  endSession?: () => void;
}

/** Auth domain (SPEC §5). Stored state is only a hint until reconciled with the OIDC session. */
export function createAuthState(stored?: unknown, hooks: AuthHooks = {}) {
  const state = signal<AuthState>(sanitizeAuth(stored));
  return {
    state,
    hooks,
    login: defineAction('[Auth] Login', noPayload, () => hooks.startLogin?.()),
    loginSuccess: defineAction('[Auth] Login Success', profileValidator, (user) => {
      state.value = { isAuthenticated: true, user };
    }),
    logout: defineAction('[Auth] Logout', noPayload, () => {
      state.value = { ...SIGNED_OUT };
      hooks.endSession?.();
    }),
    /** The OIDC session is gone (failed renewal, rejected callback): signed out here, nothing to end at the provider. */
    sessionEnded: defineAction('[Auth] Session Ended', noPayload, () => {
      state.value = { ...SIGNED_OUT };
    }),
    reset: defineAction(
      '[Auth] Reset',
      (payload: unknown) => valid(payload),
      (stored) => {
        state.value = sanitizeAuth(stored);
      },
    ),
  };
}

export type AuthStore = ReturnType<typeof createAuthState>;
