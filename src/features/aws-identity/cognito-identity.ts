// Cognito Identity's GetId and GetCredentialsForIdentity over JSON 1.1 with plain fetch: the AWS SDK is far too heavy.
import { regionOfId } from '../../config/cognito-identity-pool.mjs';
import { AWS_CREDENTIALS, MAX_TIMER_DELAY_MS } from '../../config/constants';
import type { CognitoIdentityEnv } from '../../config/env';

export type Logins = Readonly<Record<string, string>>;

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

export interface IdentityCredentials {
  /** May differ from the one asked for: Cognito merges a guest into its user. */
  identityId: string;
  credentials: AwsCredentials;
  serverTime: Date | null;
}

interface IdentityCallOptions {
  endpoint: string;
  logins?: Logins;
  fetch?: typeof fetch;
}

export class CognitoIdentityError extends Error {
  override name = 'CognitoIdentityError';
  constructor(
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

class IdentityNetworkError extends Error {
  override name = 'IdentityNetworkError';
}

/** Not Cognito's answer: an HTML page (captive portal, SPA fallback), or not the expected shape. */
export class IdentityResponseError extends Error {
  override name = 'IdentityResponseError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const IDENTITY_ID = /^[\w-]{1,20}:[0-9a-f-]{1,36}$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Never a member inherited from a (polluted) prototype.
const own = (object: Json, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);

const text = (object: Json, key: string): string | undefined => {
  const value = own(object, key);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const serverTimeOf = (date: string | null): Date | null => {
  const time = date && HTTP_DATE.test(date) ? Date.parse(date) : NaN;
  return Number.isNaN(time) ? null : new Date(time);
};

const identityIdOf = (answer: Json): string | undefined => {
  const identityId = text(answer, 'IdentityId');
  return identityId && IDENTITY_ID.test(identityId) ? identityId : undefined;
};

async function call<T>(
  operation: string,
  input: Json,
  { endpoint, logins, fetch: send = fetch }: IdentityCallOptions,
  read: (answer: Json, serverTime: Date | null) => T | undefined,
): Promise<T> {
  if (logins && Object.keys(logins).length > 0) input.Logins = logins;
  let status = 0;
  let body: string;
  let errorType: string | null = null;
  let date: string | null = null;
  try {
    const response = await send(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityService.${operation}`,
      },
      body: JSON.stringify(input),
    });
    status = response.status;
    body = await response.text();
    date = response.headers.get('date');
    if (!response.ok) errorType = response.headers.get('x-amzn-errortype');
  } catch (error) {
    throw new IdentityNetworkError(`Cognito Identity ${operation}: no answer from ${endpoint}`, { cause: error });
  }

  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    answer = undefined;
  }
  const json = isObject(answer) ? answer : undefined;
  if (status < 200 || status > 299) {
    // "aws.protocol#NotAuthorizedException" or "NotAuthorizedException:http://…" -> NotAuthorizedException
    const type = /^(?:[^:]*#)?(\w+)(?::|$)/.exec((json && text(json, '__type')) || errorType || '')?.[1];
    if (type) {
      throw new CognitoIdentityError(type, (json && (text(json, 'message') ?? text(json, 'Message'))) || type, status);
    }
  }
  const result = json && status < 300 ? read(json, serverTimeOf(date)) : undefined;
  if (result === undefined) {
    throw new IdentityResponseError(`Cognito Identity ${operation}: unexpected answer, HTTP ${status}`, status);
  }
  return result;
}

function getId(options: IdentityCallOptions & { identityPoolId: string }): Promise<string> {
  return call('GetId', { IdentityPoolId: options.identityPoolId }, options, identityIdOf);
}

function getCredentialsForIdentity(
  options: IdentityCallOptions & { identityId: string },
): Promise<IdentityCredentials> {
  return call('GetCredentialsForIdentity', { IdentityId: options.identityId }, options, (answer, serverTime) => {
    const identityId = identityIdOf(answer);
    const issued = own(answer, 'Credentials');
    if (!identityId || !isObject(issued)) return undefined;
    const accessKeyId = text(issued, 'AccessKeyId');
    const secretAccessKey = text(issued, 'SecretKey');
    const sessionToken = text(issued, 'SessionToken');
    const seconds = own(issued, 'Expiration');
    // JSON 1.1 sends timestamps as epoch seconds; past the year 275760 a Date is invalid.
    const expiration = new Date(typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : NaN);
    if (!accessKeyId || !secretAccessKey || !sessionToken || Number.isNaN(expiration.getTime())) return undefined;
    return { identityId, credentials: { accessKeyId, secretAccessKey, sessionToken, expiration }, serverTime };
  });
}

export function loginsFor(issuerUrl: string, idToken: string): Logins {
  const name = /^https?:\/\/([^/?#@\s]+(?:\/[^?#\s]*)?)$/i.exec(issuerUrl)?.[1]?.replace(/\/+$/, '');
  if (!name || !idToken) throw new TypeError(`Not an issuer URL and ID token: ${issuerUrl}`);
  return { [name]: idToken };
}

// A stored identity Cognito will not serve: merged away, or someone else's.
const STALE_IDENTITY = new Set(['ResourceNotFoundException', 'NotAuthorizedException']);

function ofPool<T extends string | IdentityCredentials>(answer: T, pool: CognitoIdentityEnv): T {
  const identityId = typeof answer === 'string' ? answer : answer.identityId;
  if (regionOfId(identityId) !== pool.region) {
    throw new IdentityResponseError('Cognito Identity answered with an identity of another region', 200);
  }
  return answer;
}

// The enhanced flow: a guest identity sent with the user's logins becomes the user's.
export async function fetchIdentityCredentials({
  pool,
  identityId,
  logins,
  fetch,
}: {
  pool: CognitoIdentityEnv;
  identityId: string | null;
  logins?: Logins;
  fetch?: typeof globalThis.fetch;
}): Promise<IdentityCredentials> {
  const options = { endpoint: pool.endpoint, logins, fetch };
  if (identityId) {
    try {
      return ofPool(await getCredentialsForIdentity({ ...options, identityId }), pool);
    } catch (error) {
      if (!(error instanceof CognitoIdentityError && STALE_IDENTITY.has(error.type))) throw error;
    }
  }
  const newId = ofPool(await getId({ ...options, identityPoolId: pool.identityPoolId }), pool);
  return ofPool(await getCredentialsForIdentity({ ...options, identityId: newId }), pool);
}

export interface CredentialTiming {
  expiresAt: number;
  refreshAt: number;
  clockOffsetMs: number;
}

const { refreshBeforeMs, minRefreshDelayMs, assumedClockSkewMs, maxClockOffsetMs } = AWS_CREDENTIALS;

// Without AWS's clock the browser's is taken to be behind, so credentials are never used past expiry;
// refreshes are never sooner than minRefreshDelayMs and expired arrivals give null: no refresh loop.
export function credentialTiming(
  expiration: Date,
  serverTime: Date | null,
  receivedAt: number,
): CredentialTiming | null {
  const measured = serverTime ? serverTime.getTime() - receivedAt : NaN;
  const offset = Math.abs(measured) <= maxClockOffsetMs ? measured : null;
  const expiresAt = expiration.getTime() - (offset ?? assumedClockSkewMs);
  const lifetime = expiresAt - receivedAt;
  if (!(lifetime > 0)) return null;
  const delay = Math.min(Math.max(lifetime - refreshBeforeMs, lifetime / 2, minRefreshDelayMs), MAX_TIMER_DELAY_MS);
  return { expiresAt, refreshAt: receivedAt + delay, clockOffsetMs: offset ?? 0 };
}
