import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CognitoIdentityEnv } from '../../config/env';
import {
  CognitoIdentityError,
  credentialTiming,
  fetchIdentityCredentials,
  IdentityResponseError,
  loginsFor,
} from './cognito-identity';

const ENDPOINT = 'https://cognito-identity.eu-west-1.amazonaws.com/';
const POOL_ID = 'eu-west-1:00000000-0000-4000-8000-000000000000';
const IDENTITY_ID = 'eu-west-1:3cb6a488-e783-482c-82dc-1451b3589c2e';
const USER_IDENTITY_ID = 'eu-west-1:9f1d2c3b-4a5e-4f60-8a7b-6c5d4e3f2a1b';
const LOGINS = { '127.0.0.1:5174': 'header.payload.signature' };
const CREDENTIALS = {
  AccessKeyId: 'ASIAABCDEFGHIJKLMNOP',
  SecretKey: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3Jl',
  SessionToken: 'IQoJb3JpZ2luX2VjEBoaCWV1LXdlc3QtMSJHMEUCIQ',
  Expiration: 1_790_000_000,
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', ...headers },
  });
}

function fakeFetch(respond: () => Response | Promise<Response>) {
  return vi.fn<typeof fetch>(async () => respond());
}

const credentialsAnswer = (credentials: unknown = CREDENTIALS, identityId: unknown = IDENTITY_ID) =>
  answer(200, { IdentityId: identityId, Credentials: credentials });

const POOL: CognitoIdentityEnv = { identityPoolId: POOL_ID, region: 'eu-west-1', endpoint: ENDPOINT };

/** Cognito answering each operation as given: by default a new identity, and credentials for it. */
function cognito({
  getId = () => answer(200, { IdentityId: IDENTITY_ID }),
  getCredentials = () => credentialsAnswer(),
}: Partial<Record<'getId' | 'getCredentials', () => Response>> = {}) {
  return vi.fn<typeof fetch>(async (_url, init) =>
    new Headers(init?.headers).get('x-amz-target')?.endsWith('.GetId') ? getId() : getCredentials(),
  );
}

/** Credentials for a new identity: GetId, then GetCredentialsForIdentity. */
const forNewIdentity = (fetch: typeof globalThis.fetch, logins?: Record<string, string>) =>
  fetchIdentityCredentials({ pool: POOL, identityId: null, logins, fetch });

/** Credentials for a stored identity: GetCredentialsForIdentity only. */
const forIdentity = (fetch: typeof globalThis.fetch, logins?: Record<string, string>) =>
  fetchIdentityCredentials({ pool: POOL, identityId: IDENTITY_ID, logins, fetch });

const sentBody = (fetch: ReturnType<typeof cognito>, call: number): unknown =>
  JSON.parse(fetch.mock.calls[call]![1]?.body as string);

/** What the call rejected with, for assertions on its class and fields. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GetId, for a new identity', () => {
  it('POSTs GetId in the JSON 1.1 protocol, then asks for the credentials of the identity it names', async () => {
    const fetch = cognito();
    await forNewIdentity(fetch, LOGINS);
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(ENDPOINT);
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(headers.get('x-amz-target')).toBe('AWSCognitoIdentityService.GetId');
    expect(sentBody(fetch, 0)).toEqual({ IdentityPoolId: POOL_ID, Logins: LOGINS });
    expect(sentBody(fetch, 1)).toEqual({ IdentityId: IDENTITY_ID, Logins: LOGINS });
  });

  it('sends no Logins for a guest, nor for an empty map', async () => {
    for (const logins of [undefined, {}]) {
      const fetch = cognito();
      await forNewIdentity(fetch, logins);
      expect(sentBody(fetch, 0)).toEqual({ IdentityPoolId: POOL_ID });
      expect(sentBody(fetch, 1)).toEqual({ IdentityId: IDENTITY_ID });
    }
  });

  it.each([
    ['no IdentityId', {}],
    ['IdentityId a number', { IdentityId: 42 }],
    ['IdentityId empty', { IdentityId: '' }],
    ['IdentityId without a region', { IdentityId: '3cb6a488-e783-482c-82dc-1451b3589c2e' }],
    ['IdentityId with a path', { IdentityId: `${IDENTITY_ID}/../../x` }],
    ['IdentityId too long', { IdentityId: `eu-west-1:${'a'.repeat(50)}` }],
    ['IdentityId only inherited', JSON.parse(`{"__proto__":{"IdentityId":"${IDENTITY_ID}"}}`) as unknown],
  ])('refuses an answer with %s', async (_name, body) => {
    const fetch = cognito({ getId: () => answer(200, body) });
    const error = await failure(forNewIdentity(fetch));
    expect(error).toBeInstanceOf(IdentityResponseError);
    expect(error.message).toBe('Cognito Identity GetId: unexpected answer, HTTP 200');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('GetCredentialsForIdentity, for a stored identity', () => {
  it('POSTs GetCredentialsForIdentity and resolves to the identity id and typed credentials', async () => {
    const fetch = cognito({ getCredentials: () => credentialsAnswer(CREDENTIALS, USER_IDENTITY_ID) });
    const result = await forIdentity(fetch, LOGINS);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(ENDPOINT);
    expect(new Headers(init?.headers).get('x-amz-target')).toBe('AWSCognitoIdentityService.GetCredentialsForIdentity');
    expect(sentBody(fetch, 0)).toEqual({ IdentityId: IDENTITY_ID, Logins: LOGINS });
    // The identity id of the answer wins: Cognito may have merged the guest into the user's identity.
    expect(result).toEqual({
      identityId: USER_IDENTITY_ID,
      credentials: {
        accessKeyId: CREDENTIALS.AccessKeyId,
        secretAccessKey: CREDENTIALS.SecretKey,
        sessionToken: CREDENTIALS.SessionToken,
        expiration: new Date(CREDENTIALS.Expiration * 1000),
      },
      serverTime: null,
    });
  });

  it("hands on the answer's Date as the server's clock, and nothing for a Date that is not one", async () => {
    const dated = (date: string) =>
      fakeFetch(() => answer(200, { IdentityId: IDENTITY_ID, Credentials: CREDENTIALS }, { date }));
    const { serverTime } = await forIdentity(dated('Wed, 21 Oct 2026 07:28:00 GMT'));
    expect(serverTime).toEqual(new Date(Date.UTC(2026, 9, 21, 7, 28)));
    for (const date of ['yesterday', '', '1790000000']) {
      expect((await forIdentity(dated(date))).serverTime, date).toBeNull();
    }
  });

  it('reads Expiration as epoch seconds, fractions included, and keeps nothing else', async () => {
    const fetch = fakeFetch(() => credentialsAnswer({ ...CREDENTIALS, Expiration: 1_790_000_000.25, Extra: 'x' }));
    const { credentials } = await forIdentity(fetch);
    expect(credentials.expiration.getTime()).toBe(1_790_000_000_250);
    expect(Object.keys(credentials).sort()).toEqual(['accessKeyId', 'expiration', 'secretAccessKey', 'sessionToken']);
  });

  it.each([
    ['no Credentials', { IdentityId: IDENTITY_ID }],
    ['Credentials null', { IdentityId: IDENTITY_ID, Credentials: null }],
    ['Credentials an array', { IdentityId: IDENTITY_ID, Credentials: [CREDENTIALS] }],
    ['Credentials a string', { IdentityId: IDENTITY_ID, Credentials: 'ASIA…' }],
    ['no IdentityId', { Credentials: CREDENTIALS }],
    ['a malformed IdentityId', { IdentityId: 'guest', Credentials: CREDENTIALS }],
    ['no AccessKeyId', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, AccessKeyId: undefined } }],
    ['an empty AccessKeyId', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, AccessKeyId: '' } }],
    ['AccessKeyId a number', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, AccessKeyId: 7 } }],
    ['no SecretKey', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, SecretKey: undefined } }],
    ['SecretKey an object', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, SecretKey: {} } }],
    ['no SessionToken', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, SessionToken: undefined } }],
    ['an empty SessionToken', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, SessionToken: '' } }],
    ['no Expiration', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, Expiration: undefined } }],
    [
      'Expiration as text',
      { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, Expiration: '2026-11-23T12:00:00Z' } },
    ],
    [
      'Expiration as a numeric string',
      { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, Expiration: '1790000000' } },
    ],
    ['Expiration null', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, Expiration: null } }],
    ['Expiration zero', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, Expiration: 0 } }],
    ['Expiration negative', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, Expiration: -1 } }],
    ['Expiration beyond any date', { IdentityId: IDENTITY_ID, Credentials: { ...CREDENTIALS, Expiration: 1e300 } }],
  ])('refuses an answer with %s', async (_name, body) => {
    const error = await failure(forIdentity(fakeFetch(() => answer(200, body))));
    expect(error).toBeInstanceOf(IdentityResponseError);
    expect(error.message).toMatch(/^Cognito Identity GetCredentialsForIdentity: unexpected answer, HTTP 200$/);
  });

  it.each([
    [
      'an overflowing Expiration',
      `{"IdentityId":"${IDENTITY_ID}","Credentials":{"AccessKeyId":"A","SecretKey":"S","SessionToken":"T","Expiration":1e400}}`,
    ],
    [
      'credentials only under __proto__',
      `{"IdentityId":"${IDENTITY_ID}","__proto__":{"Credentials":${JSON.stringify(CREDENTIALS)}}}`,
    ],
    [
      'a key only under __proto__',
      `{"IdentityId":"${IDENTITY_ID}","Credentials":{"SecretKey":"S","SessionToken":"T","Expiration":1790000000,"__proto__":{"AccessKeyId":"A"}}}`,
    ],
  ])('refuses raw JSON with %s', async (_name, text) => {
    const error = await failure(forIdentity(fakeFetch(() => answer(200, text))));
    expect(error).toBeInstanceOf(IdentityResponseError);
  });

  it('reads only the answer’s own members, whatever a polluted prototype offers', async () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.IdentityId = IDENTITY_ID;
    prototype.Credentials = CREDENTIALS;
    try {
      const error = await failure(forIdentity(fakeFetch(() => answer(200, {}))));
      expect(error).toBeInstanceOf(IdentityResponseError);
    } finally {
      delete prototype.IdentityId;
      delete prototype.Credentials;
    }
  });
});

describe('failures', () => {
  const call = forNewIdentity;

  it.each([
    [
      'a plain __type',
      { __type: 'NotAuthorizedException', message: 'Invalid login token.' },
      {},
      'NotAuthorizedException',
      'Invalid login token.',
    ],
    [
      'a namespaced __type',
      { __type: 'com.amazonaws.cognito.identity#ResourceNotFoundException', message: 'gone' },
      {},
      'ResourceNotFoundException',
      'gone',
    ],
    [
      'a __type with a suffix',
      { __type: 'TooManyRequestsException:http://internal.amazon.com/x', message: 'slow down' },
      {},
      'TooManyRequestsException',
      'slow down',
    ],
    [
      'Message with a capital',
      { __type: 'InvalidParameterException', Message: 'bad' },
      {},
      'InvalidParameterException',
      'bad',
    ],
    ['no message', { __type: 'InternalErrorException' }, {}, 'InternalErrorException', 'InternalErrorException'],
    [
      'the type in the header only',
      {},
      { 'x-amzn-errortype': 'LimitExceededException:' },
      'LimitExceededException',
      'LimitExceededException',
    ],
  ])('rejects an error answer with %s as a CognitoIdentityError', async (_name, body, headers, type, message) => {
    const error = await failure(call(fakeFetch(() => answer(400, body, headers))));
    expect(error).toBeInstanceOf(CognitoIdentityError);
    expect(error).toMatchObject({ name: 'CognitoIdentityError', type, message, status: 400 });
  });

  it.each([
    ['an HTML error page', 502, '<!doctype html><h1>Bad gateway</h1>', 'text/html'],
    ['an empty error', 503, '', 'text/plain'],
    ['a JSON error without a type', 500, '{"error":"oops"}', 'application/json'],
    [
      'a type that is not a name',
      400,
      '{"__type":"<img src=x onerror=alert(1)>","message":"x"}',
      'application/x-amz-json-1.1',
    ],
    [
      'a type with markup before a name',
      400,
      '{"__type":"<b>NotAuthorizedException","message":"x"}',
      'application/x-amz-json-1.1',
    ],
    ['a type that is not a string', 400, '{"__type":{"name":"NotAuthorizedException"}}', 'application/x-amz-json-1.1'],
    [
      'an HTML page with 200 (an SPA fallback)',
      200,
      '<!doctype html><html><body><div id="root"></div></body></html>',
      'text/html',
    ],
    ['a captive portal', 200, '<html><meta http-equiv="refresh" content="0;url=http://portal/"></html>', 'text/html'],
    ['an empty answer', 200, '', 'application/x-amz-json-1.1'],
    ['JSON null', 200, 'null', 'application/x-amz-json-1.1'],
    ['a JSON array', 200, '[]', 'application/x-amz-json-1.1'],
    ['a JSON string', 200, '"ok"', 'application/x-amz-json-1.1'],
  ])('rejects %s as an IdentityResponseError, never a parsing crash', async (_name, status, text, type) => {
    const fetch = fakeFetch(() => new Response(text, { status, headers: { 'content-type': type } }));
    const error = await failure(call(fetch));
    expect(error).toBeInstanceOf(IdentityResponseError);
    expect(error).not.toBeInstanceOf(CognitoIdentityError);
    expect(error).toMatchObject({ name: 'IdentityResponseError', status });
  });

  it('rejects a failed request as an IdentityNetworkError carrying the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const error = await failure(call(vi.fn<typeof fetch>().mockRejectedValue(cause)));
    expect(error).not.toBeInstanceOf(CognitoIdentityError);
    expect(error).not.toBeInstanceOf(IdentityResponseError);
    expect(error).toMatchObject({ name: 'IdentityNetworkError', cause });
  });

  it('rejects an answer cut off mid-body as an IdentityNetworkError', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"IdentityId":'));
        controller.error(new TypeError('network error'));
      },
    });
    const error = await failure(call(fakeFetch(() => new Response(body, { status: 200 }))));
    expect(error).toMatchObject({ name: 'IdentityNetworkError' });
  });

  it('calls the fetch it is given as a plain function (window.fetch throws when called as a method)', async () => {
    const strictFetch = async function (this: unknown) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return credentialsAnswer();
    } as typeof fetch;
    await expect(call(strictFetch)).resolves.toMatchObject({ identityId: IDENTITY_ID });
  });

  it('uses the global fetch by default', async () => {
    const fetch = cognito();
    vi.stubGlobal('fetch', fetch);
    await expect(fetchIdentityCredentials({ pool: POOL, identityId: null })).resolves.toMatchObject({
      identityId: IDENTITY_ID,
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('loginsFor', () => {
  it.each([
    ['http://127.0.0.1:5174', '127.0.0.1:5174'],
    ['http://127.0.0.1:5174/', '127.0.0.1:5174'],
    ['http://localhost:5174//', 'localhost:5174'],
    [
      'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI',
      'cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI',
    ],
    [
      'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI/',
      'cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI',
    ],
    ['HTTPS://login.example.com:8443/tenant/', 'login.example.com:8443/tenant'],
  ])('names the provider %s as %s', (issuer, name) => {
    expect(loginsFor(issuer, 'id.token.value')).toEqual({ [name]: 'id.token.value' });
  });

  it.each([
    'cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI',
    'ftp://example.com',
    'javascript:alert(1)//',
    'https://',
    'https:///path',
    'https://example.com/?tenant=1',
    'https://example.com/#top',
    'https://user:secret@example.com',
    'https://exa mple.com',
    '',
  ])('refuses the issuer %j', (issuer) => {
    expect(() => loginsFor(issuer, 'id.token.value')).toThrow(TypeError);
  });

  it('refuses an empty ID token', () => {
    expect(() => loginsFor('http://127.0.0.1:5174', '')).toThrow(TypeError);
  });
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** AWS's clock when the answer was sent. */
const AWS_NOW = Date.UTC(2026, 9, 21, 7, 0, 0);

/** Credentials lasting `ttl` as AWS sees it, received by a browser whose clock is `skew` ahead of AWS's. */
function receive(ttl: number, skew: number, { dated = true } = {}) {
  const receivedAt = AWS_NOW + skew;
  const timing = credentialTiming(new Date(AWS_NOW + ttl), dated ? new Date(AWS_NOW) : null, receivedAt);
  // Back on AWS's clock, to compare with the real expiry.
  return timing && { ...timing, expiresAt: timing.expiresAt - skew, refreshAt: timing.refreshAt - skew, receivedAt };
}

describe('credential timing', () => {
  it('refreshes an hour-long set 5 minutes before it expires', () => {
    expect(receive(HOUR, 0)).toMatchObject({ expiresAt: AWS_NOW + HOUR, refreshAt: AWS_NOW + 55 * MINUTE });
  });

  it.each([5 * MINUTE, -5 * MINUTE, 4 * HOUR])(
    "reads AWS's expiry on the browser's clock when it is %i ms off, from the answer's Date",
    (skew) => {
      const timing = receive(HOUR, skew)!;
      expect(timing.expiresAt).toBe(AWS_NOW + HOUR);
      expect(timing.refreshAt).toBe(AWS_NOW + 55 * MINUTE);
      expect(timing.clockOffsetMs).toBe(-skew);
    },
  );

  it.each([5 * MINUTE, -5 * MINUTE, 0])(
    'without a Date, never uses them past the real expiry when the browser is up to 5 minutes off (%i ms)',
    (skew) => {
      const timing = receive(HOUR, skew, { dated: false })!;
      expect(timing.expiresAt).toBeLessThanOrEqual(AWS_NOW + HOUR);
      expect(timing.refreshAt).toBeLessThanOrEqual(AWS_NOW + 55 * MINUTE);
      expect(timing.refreshAt).toBeGreaterThan(AWS_NOW + 40 * MINUTE);
      expect(timing.clockOffsetMs).toBe(0);
    },
  );

  it('does not believe a Date more than a day off', () => {
    const timing = credentialTiming(new Date(AWS_NOW + HOUR), new Date(AWS_NOW - 3 * 24 * HOUR), AWS_NOW);
    expect(timing).toMatchObject({ expiresAt: AWS_NOW + 55 * MINUTE, clockOffsetMs: 0 });
  });

  it.each([
    ['expired an hour ago', -HOUR, 0, true],
    ['expiring as they arrive', 0, 0, true],
    ['expired on AWS clock, browser 5 minutes behind', -MINUTE, -5 * MINUTE, true],
    ['2 minutes left without a Date to prove it', 2 * MINUTE, 0, false],
  ])('refuses credentials %s', (_, ttl, skew, dated) => {
    expect(receive(ttl, skew, { dated })).toBeNull();
  });

  it('refreshes short-lived credentials half-way, and never sooner than 5 s after they arrive', () => {
    expect(receive(8 * MINUTE, 0)!.refreshAt).toBe(AWS_NOW + 4 * MINUTE);
    expect(receive(20_000, 0)!.refreshAt).toBe(AWS_NOW + 10_000);
    expect(receive(8_000, 0)!.refreshAt).toBe(AWS_NOW + 5_000);
    expect(receive(1_000, 0)!.refreshAt).toBe(AWS_NOW + 5_000);
  });

  it('waits no longer than a timer can', () => {
    const timing = credentialTiming(new Date(AWS_NOW + 400 * 24 * HOUR), new Date(AWS_NOW), AWS_NOW)!;
    expect(timing.refreshAt - AWS_NOW).toBe(2 ** 31 - 1);
  });
});
