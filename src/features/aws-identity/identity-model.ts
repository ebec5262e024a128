import { createModel, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { regionOfId } from '../../config/cognito-identity-pool.mjs';
import { STORAGE_KEYS, STORAGE_PREFIX } from '../../config/constants';
import type { CognitoIdentityEnv } from '../../config/env';
import { signedFetch, type AwsRequestOptions } from './aws-sign';
import {
  CognitoIdentityError,
  credentialTiming,
  fetchIdentityCredentials,
  IdentityResponseError,
  loginsFor,
  type AwsCredentials,
  type CredentialTiming,
} from './cognito-identity';
import { reportNotice } from '../../lib/notice-bus';
import { ownValue } from '../../lib/safe-keys';
import { onTokensChange, sessionTokens } from '../../lib/session-tokens';
import { saveItem, type AppStorage } from '../../lib/storage';
import { onOtherTabChange } from '../../lib/storage-events';
import { anyPayload, isRecord, noPayload, rejected, valid, type Validator } from '../../lib/checks';
import { defineAction, runEffect } from '../../lib/model-kit';
import { AWS_NOTICES } from './identity-notices';

type IdentityKind = 'guest' | 'user';

export interface IdentityState {
  identityId: string | null;
  expiration: Date | null;
  kind: IdentityKind | null;
}

export type AwsFetchOptions = Pick<AwsRequestOptions, 'service'> & Partial<Pick<AwsRequestOptions, 'region'>>;

const NO_IDENTITY: IdentityState = Object.freeze({ identityId: null, expiration: null, kind: null });
const KEY = `${STORAGE_PREFIX}${STORAGE_KEYS.identity}`;

function sanitizeIdentity(stored: unknown, region: string): string | null {
  if (stored === undefined) return null;
  const identityId = isRecord(stored) ? ownValue(stored, 'identityId') : undefined;
  if (regionOfId(identityId) === region) return identityId as string;
  console.warn(`Ignoring stored ${KEY}: it is not an identity id of the pool's region (${region}).`);
  return null;
}

function readStored(storage: AppStorage): unknown {
  const raw = storage.getItem(KEY);
  try {
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

interface IdentityDeps {
  pool: CognitoIdentityEnv;
  storage: AppStorage;
  signedIn: ReadonlySignal<boolean>;
  // A session found ended at start, before this model existed, counts as a sign-out.
  signedInAtStart?: boolean;
  fetch?: typeof fetch;
}

interface Received {
  identityId: string;
  expiration: Date;
  kind: IdentityKind;
}

interface Held extends CredentialTiming {
  credentials: AwsCredentials;
  kind: IdentityKind;
  idToken: string | null;
}

// The credentials stay in memory and out of actions (logged in development). See docs/behaviour.md.
export const IdentityModel = createModel(({ pool, storage, signedIn, signedInAtStart, fetch }: IdentityDeps) => {
  const { region } = pool;
  const state = signal<IdentityState>({ ...NO_IDENTITY, identityId: sanitizeIdentity(readStored(storage), region) });

  runEffect('persist identity', () => {
    const { identityId } = state.value;
    if (identityId) saveItem(storage, STORAGE_KEYS.identity, { identityId });
    else if (storage.getItem(KEY) !== null) storage.removeItem(KEY);
  });
  const reset = defineAction('[Identity] Reset', anyPayload, (next) => {
    state.value = { ...state.value, identityId: sanitizeIdentity(next, region) };
  });
  effect(() => onOtherTabChange(storage, KEY, reset));

  const received: Validator<Received> = (payload) => {
    const { identityId, expiration, kind } = isRecord(payload) ? payload : {};
    return regionOfId(identityId) === region &&
      expiration instanceof Date &&
      !Number.isNaN(expiration.getTime()) &&
      (kind === 'guest' || kind === 'user')
      ? valid({ identityId: identityId as string, expiration, kind })
      : rejected(`expected an identity id of ${region}, a date and "guest" or "user"`);
  };
  const credentialsReceived = defineAction('[Identity] Credentials Received', received, (next) => {
    state.value = { ...next };
  });
  const credentialsDropped = defineAction('[Identity] Credentials Dropped', noPayload, () => {
    state.value = { ...NO_IDENTITY, identityId: state.value.identityId };
  });
  const cleared = defineAction('[Identity] Cleared', noPayload, () => {
    state.value = { ...NO_IDENTITY };
  });
  let wasSignedIn = signedIn.peek() || signedInAtStart === true;
  effect(() => {
    if (wasSignedIn && !signedIn.value) cleared();
    wasSignedIn = signedIn.value;
  });

  let held: Held | null = null;
  let inFlight: Promise<Held> | null = null;
  let changed = false;
  let unavailableSaid = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const fresh = (h: Held) => Date.now() < Math.min(h.refreshAt, h.expiresAt);
  const usable = (h: Held) => Date.now() < h.expiresAt;

  function schedule(at: number) {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void refresh().catch(() => undefined), Math.max(0, at - Date.now()));
  }

  function drop() {
    held = null;
    clearTimeout(timer);
    credentialsDropped();
  }

  async function attempt(onKind: (kind: IdentityKind) => void): Promise<Held> {
    const token = (await sessionTokens()?.idToken()) ?? null;
    const idToken = token?.token ?? null;
    if (held && held.idToken === idToken && fresh(held)) {
      schedule(held.refreshAt);
      return held;
    }
    const kind: IdentityKind = token ? 'user' : 'guest';
    onKind(kind);
    const answer = await fetchIdentityCredentials({
      pool,
      identityId: state.value.identityId,
      logins: token ? loginsFor(token.issuer, token.token) : undefined,
      fetch,
    });
    // Asked with a token that is no longer the user's: its answer would undo the change.
    if (changed) throw new Error('The ID token changed while the credentials were on their way');
    const timing = credentialTiming(answer.credentials.expiration, answer.serverTime, Date.now());
    if (!timing) throw new IdentityResponseError('Cognito Identity answered with credentials that had expired', 200);
    held = { ...timing, credentials: Object.freeze({ ...answer.credentials }), kind, idToken };
    credentialsReceived({ identityId: answer.identityId, expiration: new Date(timing.expiresAt), kind });
    unavailableSaid = false;
    schedule(timing.refreshAt);
    return held;
  }

  function failed(error: unknown, kind: IdentityKind | null) {
    if (held && (held.kind !== kind || !usable(held))) drop();
    if (kind === 'guest' && error instanceof CognitoIdentityError && error.type === 'NotAuthorizedException') return;
    console.warn('AWS credentials could not be fetched', error);
    if (!unavailableSaid) reportNotice(AWS_NOTICES.unavailable);
    unavailableSaid = true;
  }

  async function run(): Promise<Held> {
    for (;;) {
      changed = false;
      let kind: IdentityKind | null = null;
      try {
        const result = await attempt((k) => (kind = k));
        if (!changed) return result;
      } catch (error) {
        if (!changed) {
          failed(error, kind);
          throw error;
        }
      }
    }
  }

  function refresh(): Promise<Held> {
    inFlight ??= run().finally(() => (inFlight = null));
    return inFlight;
  }

  async function getCredentials(): Promise<AwsCredentials> {
    if (!inFlight && held && fresh(held)) return held.credentials;
    try {
      return (await refresh()).credentials;
    } catch (error) {
      if (held && usable(held)) return held.credentials;
      throw error;
    }
  }

  effect(() =>
    onTokensChange(() => {
      changed = true;
      void refresh().catch(() => undefined);
    }),
  );
  effect(() => () => {
    stopped = true;
    clearTimeout(timer);
  });

  return {
    state: state as ReadonlySignal<IdentityState>,
    credentialsReceived,
    credentialsDropped,
    cleared,
    reset,
    start(): void {
      void refresh().catch(() => undefined);
    },
    getCredentials,
    async fetch(input: RequestInfo | URL, init: RequestInit | undefined, options: AwsFetchOptions) {
      const credentials = await getCredentials();
      const clockOffsetMs = held?.credentials === credentials ? held.clockOffsetMs : 0;
      return signedFetch(credentials, input, init, { region, ...options, clockOffsetMs });
    },
  };
});

export type IdentityModel = InstanceType<typeof IdentityModel>;
