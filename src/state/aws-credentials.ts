import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { STORAGE_KEYS, STORAGE_PREFIX } from '../config/constants';
import { env } from '../config/env';
import type { AwsCredentials } from '../lib/cognito-identity';
import { reportNotice } from '../lib/report';
import { auth, storage } from './app-state';
import type { AwsFetchOptions, AwsSession } from './aws-session';
import type { IdentityState } from './identity-model';

export type { AwsCredentials } from '../lib/cognito-identity';
export type { AwsFetchOptions } from './aws-session';

// The session (the identity model and client, its timers) is a chunk of its own, loaded when the
// first page is idle or at the first call; aws4fetch is another, loaded at the first awsFetch().
let loading: Promise<AwsSession> | null = null;
let unmirror: (() => void) | null = null;

const NO_IDENTITY: IdentityState = { identityId: null, expiration: null, kind: null };
const current = signal<IdentityState>(NO_IDENTITY);

/** The identity pool identity and when its credentials expire (nothing until they are first asked for). */
export const awsIdentity: ReadonlySignal<IdentityState> = computed(() => current.value);

/** What snxt-IDENTITY holds; the identity model checks it (broken JSON counts as a wrong value). */
function storedIdentity(): unknown {
  const raw = storage.getItem(`${STORAGE_PREFIX}${STORAGE_KEYS.identity}`);
  try {
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

async function createSession(pool: NonNullable<typeof env.cognitoIdentity>): Promise<AwsSession> {
  const [{ createAwsSession }, { IdentityModel }] = await Promise.all([
    import('./aws-session'),
    import('./identity-model'),
  ]);
  const identity = new IdentityModel({
    stored: storedIdentity(),
    storage,
    region: pool.region,
    signedIn: computed(() => auth.state.value.isAuthenticated),
    signedInAtStart: auth.signedInAtStart.value,
  });
  const stopMirror = effect(() => {
    current.value = identity.state.value;
  });
  unmirror = () => {
    stopMirror();
    identity[Symbol.dispose]();
    current.value = NO_IDENTITY;
  };
  return createAwsSession({ pool, identity, reportNotice });
}

function loadAwsSession(): Promise<AwsSession> {
  const pool = env.cognitoIdentity;
  if (!pool) return Promise.reject(new Error('AWS credentials need VITE_COGNITO_IDENTITY_POOL_ID'));
  if (!loading) {
    const attempt = createSession(pool);
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
}

/**
 * This tab's AWS credentials from the identity pool: a guest's, or the signed-in user's. Resolves
 * at once to current ones, or fetches (or refreshes) them; one request however many callers wait.
 * Rejects when there are none (no pool, the service unreachable, a pool without guest access).
 */
export function getAwsCredentials(): Promise<AwsCredentials> {
  return loadAwsSession().then((session) => session.getCredentials());
}

/**
 * `fetch` to an AWS service, signed (Signature V4) with this tab's credentials, e.g.
 * `awsFetch(url, { method: 'POST', body }, { service: 'execute-api' })`. `region` defaults to the
 * identity pool's. The answer is fetch's: a refused request is a Response, not a rejection.
 */
export function awsFetch(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  options: AwsFetchOptions,
): Promise<Response> {
  return loadAwsSession().then((session) => session.fetch(input, init, options));
}

/** At start-up, once the first page is idle: fetches credentials when an identity pool is configured. */
export function startAwsCredentials(): Promise<void> {
  if (!env.cognitoIdentity) return Promise.resolve();
  return loadAwsSession().then(
    (session) => session.start(),
    (error: unknown) => console.warn('Could not load AWS credentials', error),
  );
}

export function stopAwsCredentials(): void {
  void loading?.then((session) => session.stop()).catch(() => undefined);
  loading = null;
  unmirror?.();
  unmirror = null;
}
