import { createModel, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { GROUPS_LIMITS, STORAGE_KEYS, STORAGE_PREFIX } from '../../config/constants';
import { anyPayload, isRecord, noPayload, rejected, stringList, valid, type Validator } from '../../lib/checks';
import { defineAction, runEffect } from '../../lib/model-kit';
import { ownValue, withoutUnsafeKeys } from '../../lib/safe-keys';
import { saveItem, type AppStorage } from '../../lib/storage';
import { onOtherTabChange } from '../../lib/storage-events';
import { runningSlot } from '../../lib/running-slot';

/** Profile claims of the ID token (sub, email, name…); never tokens. */
export interface UserProfile {
  sub: string;
  email?: string;
  name?: string;
  groups?: readonly string[];
  [claim: string]: unknown;
}

export interface AuthState {
  isAuthenticated: boolean;
  user: UserProfile | null;
}

const SIGNED_OUT: Readonly<AuthState> = Object.freeze({ isAuthenticated: false, user: null });

const TOKEN_CLAIMS = ['access_token', 'id_token', 'refresh_token', 'token'];
const groupNames = stringList({ maxItems: GROUPS_LIMITS.maxGroups, maxLength: GROUPS_LIMITS.maxNameLength });

const profileValidator: Validator<UserProfile> = (payload) => {
  if (!isRecord(payload)) return rejected('expected a profile with a "sub" claim');
  const sub = ownValue(payload, 'sub');
  if (typeof sub !== 'string' || sub === '') return rejected('expected a profile with a "sub" claim');
  if (TOKEN_CLAIMS.some((claim) => claim in payload)) return rejected('a profile must not carry tokens');
  // A plain copy of the own claims: a "__proto__" or "constructor" claim is never passed on.
  const { groups, ...claims } = withoutUnsafeKeys(payload);
  const checked = groupNames(groups);
  return valid((checked.ok && checked.value.length > 0 ? { ...claims, groups: checked.value } : claims) as UserProfile);
};

/** Stored auth is only a hint until the sign-in feature has reconciled it with the OIDC session. */
function sanitizeAuth(stored: unknown): AuthState {
  if (!isRecord(stored) || ownValue(stored, 'isAuthenticated') !== true) return { ...SIGNED_OUT };
  const user = profileValidator(ownValue(stored, 'user'));
  return user.ok ? { isAuthenticated: true, user: user.value } : { ...SIGNED_OUT };
}

export interface AuthDeps {
  stored?: unknown;
  storage: AppStorage;
}

/** Who is signed in, saved as snxt-AUTH and followed across tabs: the stored oidc User's copy, a hint until checked. */
export const AuthModel = createModel(({ stored, storage }: AuthDeps) => {
  const state = signal<AuthState>(sanitizeAuth(stored));
  const signOut = () => {
    state.value = { ...SIGNED_OUT };
  };

  runEffect('persist auth', () => {
    const { user, isAuthenticated } = state.value;
    saveItem(storage, STORAGE_KEYS.auth, { user, isAuthenticated });
  });
  const reset = defineAction('[Auth] Reset', anyPayload, (next) => {
    state.value = sanitizeAuth(next);
  });
  effect(() => onOtherTabChange(storage, `${STORAGE_PREFIX}${STORAGE_KEYS.auth}`, reset));

  return {
    state,
    /** Whether snxt-AUTH said someone was signed in when the app started, before any check: a session found ended. */
    signedInAtStart: signal(state.peek().isAuthenticated) as ReadonlySignal<boolean>,
    /** The user asked to sign in; the hosted sign-in page follows. Changes no state. */
    login: defineAction('[Auth] Login', noPayload, () => undefined),
    loginSuccess: defineAction('[Auth] Login Success', profileValidator, (user) => {
      state.value = { isAuthenticated: true, user };
    }),
    /** The user signed out: signed out here at once, before the provider round trip. */
    logout: defineAction('[Auth] Logout', noPayload, signOut),
    /** The OIDC session is gone (failed renewal, rejected answer): signed out, no provider round trip. */
    sessionEnded: defineAction('[Auth] Session Ended', noPayload, signOut),
    reset,
  };
});

export type AuthModel = InstanceType<typeof AuthModel>;

const running = /* @__PURE__ */ runningSlot<AuthModel>('The auth model');
export const auth = running.get;
export const runAuth = running.run;

/** The signed-in user's profile claims, or null (also before the app has started). */
export const signedInUser = (): UserProfile | null => running.peek()?.state.peek().user ?? null;
