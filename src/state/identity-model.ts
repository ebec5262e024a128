import { createModel, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { regionOfId } from '../config/cognito-identity-pool.mjs';
import { STORAGE_KEYS, STORAGE_PREFIX } from '../config/constants';
import { anyPayload, isRecord, noPayload, rejected, valid, type Validator } from '../lib/checks';
import { defineAction, runEffect } from '../lib/model-kit';
import { ownValue } from '../lib/safe-keys';
import { saveItem, type AppStorage } from '../lib/storage';
import { onOtherTabChange } from '../lib/storage-events';

export type IdentityKind = 'guest' | 'user';

/** The identity pool identity of this browser, and the AWS credentials this tab holds for it. */
export interface IdentityState {
  /** Cognito's identity id, `{region}:{uuid}`; kept in snxt-IDENTITY. */
  identityId: string | null;
  /** When the credentials expire, on the browser's clock; null without credentials. */
  expiration: Date | null;
  /** Whose credentials they are; null without credentials. */
  kind: IdentityKind | null;
}

export interface CredentialsReceived {
  identityId: string;
  expiration: Date;
  kind: IdentityKind;
}

const KEY = `${STORAGE_PREFIX}${STORAGE_KEYS.identity}`;
const NONE: IdentityState = { identityId: null, expiration: null, kind: null };

/** The stored identity id when it is one of the pool's region; anything else is dropped with a warning. */
function sanitizeIdentity(stored: unknown, region: string | null): string | null {
  if (stored === undefined || !region) return null;
  const identityId = isRecord(stored) ? ownValue(stored, 'identityId') : undefined;
  if (regionOfId(identityId) === region) return identityId as string;
  console.warn(`Ignoring stored ${KEY}: it is not an identity id of the pool's region (${region}).`);
  return null;
}

export interface IdentityDeps {
  stored?: unknown;
  storage: AppStorage;
  /** The identity pool's region; null without a pool. */
  region: string | null;
  /** Whether someone is signed in: signing out forgets the identity, which was the user's. */
  signedIn: ReadonlySignal<boolean>;
  /** Whether someone was signed in when the app started: a sign-out before this model existed counts too. */
  signedInAtStart?: boolean;
}

/**
 * The identity and credentials state of the identity pool. The credentials themselves never
 * come here (actions are logged in development): they stay in the AWS credentials module.
 */
export const IdentityModel = createModel(({ stored, storage, region, signedIn, signedInAtStart }: IdentityDeps) => {
  const state = signal<IdentityState>({ ...NONE, identityId: sanitizeIdentity(stored, region) });

  const received: Validator<CredentialsReceived> = (payload) => {
    const { identityId, expiration, kind } = isRecord(payload) ? payload : {};
    return region &&
      regionOfId(identityId) === region &&
      expiration instanceof Date &&
      !Number.isNaN(expiration.getTime()) &&
      (kind === 'guest' || kind === 'user')
      ? valid({ identityId: identityId as string, expiration, kind })
      : rejected(`expected an identity id of ${region}, a date and "guest" or "user"`);
  };

  runEffect('persist identity', () => {
    const { identityId } = state.value;
    if (identityId) saveItem(storage, STORAGE_KEYS.identity, { identityId });
    else if (storage.getItem(KEY) !== null) storage.removeItem(KEY);
  });
  const reset = defineAction('[Identity] Reset', anyPayload, (next) => {
    state.value = { ...state.value, identityId: sanitizeIdentity(next, region) };
  });
  effect(() => onOtherTabChange(storage, KEY, reset));

  const cleared = defineAction('[Identity] Cleared', noPayload, () => {
    state.value = { ...NONE };
  });
  let wasSignedIn = signedIn.peek() || signedInAtStart === true;
  effect(() => {
    if (wasSignedIn && !signedIn.value) cleared();
    wasSignedIn = signedIn.value;
  });

  return {
    state,
    /** New credentials arrived for `identityId` (a guest's, or the signed-in user's). */
    credentialsReceived: defineAction('[Identity] Credentials Received', received, (next) => {
      state.value = { ...next };
    }),
    /** The credentials are gone (expired, refused); the identity stays. */
    credentialsDropped: defineAction('[Identity] Credentials Dropped', noPayload, () => {
      state.value = { ...NONE, identityId: state.value.identityId };
    }),
    /** Signed out: the user's identity is forgotten, so the next guest gets one of its own. */
    cleared,
    /** Reloads the identity from what storage holds (another tab changed it). */
    reset,
  };
});

export type IdentityModel = InstanceType<typeof IdentityModel>;
