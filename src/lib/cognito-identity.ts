/**
 * A small client of the Cognito Identity API (identity pools): GetId and GetCredentialsForIdentity
 * over AWS's JSON 1.1 protocol with plain fetch, the AWS SDK being far too heavy for the sign-in chunk.
 * Every answer is checked before use: failures reject with one of three error classes below.
 */

import { identityEndpointOf } from '../config/cognito-identity-pool.mjs';

/** Provider name (the issuer without its scheme) -> ID token. */
export type Logins = Readonly<Record<string, string>>;

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

export interface IdentityCredentials {
  /** The identity the credentials are for; may differ from the one asked for (Cognito merges a guest into its user). */
  identityId: string;
  credentials: AwsCredentials;
  /** The answer's `Date` header: AWS's clock, which `expiration` is on; null without a valid one. */
  serverTime: Date | null;
}

export interface IdentityCallOptions {
  /** e.g. defaultIdentityEndpoint(regionOf(identityPoolId)) */
  endpoint: string;
  logins?: Logins;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** Cognito answered with an error, e.g. `NotAuthorizedException` (a refused token). */
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

/** No answer at all: offline, DNS, CORS, connection reset. */
export class IdentityNetworkError extends Error {
  override name = 'IdentityNetworkError';
}

/** An answer that is not Cognito's: an HTML page (captive portal, SPA fallback), or not the expected shape. */
export class IdentityResponseError extends Error {
  override name = 'IdentityResponseError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const REGION = '[a-z]{2}(?:-[a-z]+)+-\\d+';
const POOL_ID = new RegExp(`^(${REGION}):[0-9a-f-]+$`);
/** Cognito's identity id: {region}:{uuid}, at most 55 characters. */
const IDENTITY_ID = /^[\w-]{1,20}:[0-9a-f-]{1,36}$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A member of the answer itself, never one inherited from a (polluted) prototype. */
const own = (object: Json, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);

const text = (object: Json, key: string): string | undefined => {
  const value = own(object, key);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** An HTTP date (IMF-fixdate), the only form servers send: `Wed, 21 Oct 2026 07:28:00 GMT`. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const serverTimeOf = (date: string | null): Date | null => {
  const time = date && HTTP_DATE.test(date) ? Date.parse(date) : NaN;
  return Number.isNaN(time) ? null : new Date(time);
};

const identityIdOf = (answer: Json): string | undefined => {
  const identityId = text(answer, 'IdentityId');
  return identityId && IDENTITY_ID.test(identityId) ? identityId : undefined;
};

/** Sends one operation; resolves to what `read` makes of the answer, which must be Cognito's. */
async function call<T>(
  operation: string,
  input: Json,
  { endpoint, logins, fetch: send = fetch, signal }: IdentityCallOptions,
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
      signal,
    });
    status = response.status;
    body = await response.text();
    date = response.headers.get('date');
    if (!response.ok) errorType = response.headers.get('x-amzn-errortype');
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new IdentityNetworkError(`Cognito Identity ${operation}: no answer from ${endpoint}`, { cause: error });
  }

  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    // Not JSON: an HTML page or nothing; refused below.
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

/** The identity of a guest (no logins) or of the user the logins prove. */
export function getId(options: IdentityCallOptions & { identityPoolId: string }): Promise<string> {
  return call('GetId', { IdentityPoolId: options.identityPoolId }, options, identityIdOf);
}

/** Temporary AWS credentials for an identity; an authenticated identity needs its logins. */
export function getCredentialsForIdentity(
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

/** The Logins map for an ID token: Cognito names a provider by its issuer without the scheme. */
export function loginsFor(issuerUrl: string, idToken: string): Logins {
  const name = /^https?:\/\/([^/?#@\s]+(?:\/[^?#\s]*)?)$/i.exec(issuerUrl)?.[1]?.replace(/\/+$/, '');
  if (!name || !idToken) throw new TypeError(`Not an issuer URL and ID token: ${issuerUrl}`);
  return { [name]: idToken };
}

/** 'eu-west-1' for 'eu-west-1:{uuid}'. */
export function regionOf(identityPoolId: string): string {
  const region = POOL_ID.exec(identityPoolId)?.[1];
  if (!region) throw new TypeError(`Not an identity pool id: ${identityPoolId}`);
  return region;
}

export function defaultIdentityEndpoint(region: string): string {
  if (!new RegExp(`^${REGION}$`).test(region)) throw new TypeError(`Not an AWS region: ${region}`);
  return identityEndpointOf(region);
}
