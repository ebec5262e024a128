import { env } from '../config/env';
import type { AwsCredentials } from '../lib/cognito-identity';
import { reportNotice } from '../lib/report';
import { identity } from './app-state';
import type { AwsFetchOptions, AwsSession } from './aws-session';

export type { AwsCredentials } from '../lib/cognito-identity';
export type { AwsFetchOptions } from './aws-session';

// The session (the identity client, its timers) is a chunk of its own, loaded when the first page
// is idle or at the first call; aws4fetch is another, loaded at the first awsFetch().
let loading: Promise<AwsSession> | null = null;

function session(): Promise<AwsSession> {
  const pool = env.cognitoIdentity;
  if (!pool) return Promise.reject(new Error('AWS credentials need VITE_COGNITO_IDENTITY_POOL_ID'));
  if (!loading) {
    const attempt = import('./aws-session').then((module) => module.createAwsSession({ pool, identity, reportNotice }));
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
  return session().then((current) => current.getCredentials());
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
  return session().then((current) => current.fetch(input, init, options));
}

/** At start-up, once the first page is idle: fetches credentials when an identity pool is configured. */
export function startAwsCredentials(): Promise<void> {
  if (!env.cognitoIdentity) return Promise.resolve();
  return session().then(
    (current) => current.start(),
    (error: unknown) => console.warn('Could not load AWS credentials', error),
  );
}

export function stopAwsCredentials(): void {
  void loading?.then((current) => current.stop()).catch(() => undefined);
  loading = null;
}
