import { vi } from 'vitest';
import type { CognitoIdentityEnv } from '../config/env';

/** The identity pool the AWS credential tests use (an endpoint that is never contacted). */
export const TEST_POOL: CognitoIdentityEnv = {
  identityPoolId: 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f',
  region: 'eu-west-1',
  endpoint: 'https://cognito-identity.eu-west-1.amazonaws.com/',
};
export const TEST_ISSUER = 'https://idp.example.com/pool-1';
/** How the pool names the test issuer in `Logins`. */
export const TEST_PROVIDER = 'idp.example.com/pool-1';

/** An ID token of the fake pool, for `sub`: a valid one, or one Cognito refuses (expired, forged). */
export const testIdToken = (sub: string, valid = true, issued = 1) => `${valid ? 'valid' : 'refused'}.${sub}.${issued}`;

export interface FakeCognitoOptions {
  allowGuests?: boolean;
  /** How long credentials last, in ms. */
  ttlMs?: number;
  /** AWS's clock minus the browser's. */
  skewMs?: number;
  /** Whether answers carry a Date header. */
  dated?: boolean;
}

interface IdentityCall {
  operation: 'GetId' | 'GetCredentialsForIdentity';
  identityId?: string;
  logins?: Record<string, string>;
}

type Failure = 'network' | 'html' | 'server-error' | 'foreign-region' | 'expired' | null;

const json = (status: number, body: unknown, headers: Record<string, string>) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', ...headers },
  });

/**
 * A fetch answering the Cognito Identity API the way Cognito does, with its linking rules: a guest
 * identity sent with a user's logins becomes the user's, or merges into the one the user has.
 */
export function fakeCognito({
  allowGuests = true,
  ttlMs = 3_600_000,
  skewMs = 0,
  dated = true,
}: FakeCognitoOptions = {}) {
  const identities = new Map<string, string | null>();
  const ofUser = new Map<string, string>();
  const calls: IdentityCall[] = [];
  let next = 0;
  const state = { failure: null as Failure };

  const newIdentity = (sub: string | null) => {
    const id = `eu-west-1:00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
    identities.set(id, sub);
    if (sub) ofUser.set(sub, id);
    return id;
  };

  const fetch = vi.fn<typeof globalThis.fetch>(async (url, init) => {
    // A signed request to another AWS service (awsFetch): answered, not recorded.
    if (url instanceof Request) return new Response('{}', { status: 200 });
    const operation = new Headers(init?.headers).get('x-amz-target')?.split('.')[1] as IdentityCall['operation'];
    const input = JSON.parse(String(init?.body)) as { IdentityId?: string; Logins?: Record<string, string> };
    calls.push({ operation, identityId: input.IdentityId, logins: input.Logins });
    const awsNow = Date.now() + skewMs;
    const headers: Record<string, string> = dated ? { date: new Date(awsNow).toUTCString() } : {};
    const refuse = (type: string, message: string) => json(400, { __type: type, message }, headers);

    if (state.failure === 'network') throw new TypeError('Failed to fetch');
    if (state.failure === 'html') return new Response('<!doctype html><h1>Sign in to the Wi-Fi</h1>', { status: 200 });
    if (state.failure === 'server-error') return json(503, { __type: 'InternalErrorException' }, headers);

    const token = input.Logins?.[TEST_PROVIDER];
    if (input.Logins && !token) return refuse('NotAuthorizedException', 'Token is not from a supported provider.');
    if (token?.startsWith('refused.')) return refuse('NotAuthorizedException', 'Invalid login token. Token expired.');
    const sub = token ? (token.split('.')[1] ?? '') : null;
    if (!sub && !allowGuests) {
      return refuse('NotAuthorizedException', 'Unauthenticated access is not supported for this identity pool.');
    }

    if (operation === 'GetId') return json(200, { IdentityId: (sub && ofUser.get(sub)) ?? newIdentity(sub) }, headers);

    let identityId = input.IdentityId ?? '';
    const owner = identities.get(identityId);
    if (owner === undefined) return refuse('ResourceNotFoundException', `Identity '${identityId}' not found.`);
    if (owner !== sub) {
      if (owner !== null || sub === null) return refuse('NotAuthorizedException', "Logins don't match.");
      const existing = ofUser.get(sub);
      // A guest signs in: its identity becomes the user's, or merges into the one the user has.
      if (existing) {
        identities.delete(identityId);
        identityId = existing;
      } else {
        identities.set(identityId, sub);
        ofUser.set(sub, identityId);
      }
    }
    if (state.failure === 'foreign-region') identityId = identityId.replace('eu-west-1', 'us-east-1');
    const expiresAt = state.failure === 'expired' ? awsNow - 1000 : awsNow + ttlMs;
    return json(
      200,
      {
        IdentityId: identityId,
        Credentials: {
          AccessKeyId: `ASIA${String(calls.length).padStart(16, '0')}`,
          SecretKey: `secret-${calls.length}`,
          SessionToken: `session-${calls.length}`,
          Expiration: expiresAt / 1000,
        },
      },
      headers,
    );
  });

  return {
    fetch,
    calls,
    identities,
    /** The operations sent, in order, e.g. ['GetId', 'GetCredentialsForIdentity']. */
    operations: () => calls.map((call) => call.operation),
    failWith(failure: Failure) {
      state.failure = failure;
    },
  };
}
