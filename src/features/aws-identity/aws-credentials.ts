import { computed, signal } from '@preact/signals-react';
import { env } from '../../config/env';
import { cachedPromise } from '../../lib/cached-promise';
import type { AwsCredentials } from './cognito-identity';
import { auth } from '../auth';
import { appStorage } from '../../lib/storage';
import type { AwsFetchOptions, IdentityModel, IdentityState } from './identity-model';

export type { AwsCredentials } from './cognito-identity';
export type { AwsFetchOptions } from './identity-model';

// The model is a chunk of its own, loaded when the first page is idle or at the first call.
const running = signal<IdentityModel | null>(null);

export const awsIdentity = computed<IdentityState>(
  () => running.value?.state.value ?? { identityId: null, expiration: null, kind: null },
);

function modelLoader(): () => Promise<IdentityModel> {
  const load = cachedPromise(async () => {
    const pool = env.cognitoIdentity;
    if (!pool) throw new Error('AWS credentials need VITE_COGNITO_IDENTITY_POOL_ID');
    const { IdentityModel } = await import('./identity-model');
    if (load !== loadModel) throw new Error('AWS credentials were stopped');
    running.value = new IdentityModel({
      pool,
      storage: appStorage(),
      signedIn: computed(() => auth().state.value.isAuthenticated),
      signedInAtStart: auth().signedInAtStart.value,
    });
    return running.value;
  });
  return load;
}

let loadModel = modelLoader();

/** Rejects without a pool, with the service unreachable, or for a guest of a pool without guest access. */
export function getAwsCredentials(): Promise<AwsCredentials> {
  return loadModel().then((model) => model.getCredentials());
}

/** Signed with Signature V4; `region` defaults to the pool's. A refused request resolves, as with fetch. */
export function awsFetch(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  options: AwsFetchOptions,
): Promise<Response> {
  return loadModel().then((model) => model.fetch(input, init, options));
}

export function startAwsCredentials(): Promise<void> {
  if (!env.cognitoIdentity) return Promise.resolve();
  return loadModel().then(
    (model) => model.start(),
    (error: unknown) => console.warn('Could not load AWS credentials', error),
  );
}

export function stopAwsCredentials(): void {
  loadModel = modelLoader();
  running.peek()?.[Symbol.dispose]();
  running.value = null;
}
