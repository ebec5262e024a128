// @vitest-environment node
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';

import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { regionOfId } from '../../src/config/cognito-identity-pool.mjs';
import {
  CognitoIdentityError,
  fetchIdentityCredentials,
  IdentityResponseError,
  loginsFor,
} from '../../src/features/aws-identity/cognito-identity';
import { cognitoIdentity } from './cognito-identity.mjs';
import { DEMO_ACCOUNT, startOidcProvider } from './oidc-provider.mjs';

const APP = 'http://127.0.0.1:4173/';
const POOL_ID = 'eu-west-1:00000000-0000-4000-8000-000000000000';
const IDENTITY_ID = /^eu-west-1:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNSUPPORTED_PROVIDER = 'Token is not from a supported provider of this identity pool.';
const NOT_A_TOKEN = 'Invalid login token. Not a valid OpenId Connect identity token.';
const UNVERIFIED = "Invalid login token. Couldn't verify signed token.";
const GUESTS_REFUSED = 'Unauthenticated access is not supported for this identity pool.';
const LOGINS_MISMATCH =
  "Logins don't match. Please include at least one valid login for this identity or identity pool.";

type Provider = Awaited<ReturnType<typeof startOidcProvider>>;
type Answer = { status: number; headers: Headers; body: Record<string, unknown> };
type Credentials = { AccessKeyId: string; SecretKey: string; SessionToken: string; Expiration: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

function rsaJwk(kid: string): JsonWebKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid };
}

/** Calls the identity API the way the AWS SDKs do; `init` overrides any part of the request. */
async function call(op: Provider, target: string | null, body: unknown, init: RequestInit = {}): Promise<Answer> {
  const headers = new Headers({ 'content-type': 'application/x-amz-json-1.1' });
  if (target !== null) headers.set('x-amz-target', `AWSCognitoIdentityService.${target}`);
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  const response = await fetch(op.identityEndpoint, {
    method: 'POST',
    ...init,
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Record<string, unknown> };
}

/** Asserts a Cognito error answer: HTTP 400, `{ __type, message }` and the x-amzn-ErrorType header. */
function expectError(answer: Answer, type: string, message: string | RegExp): void {
  expect(answer.status).toBe(400);
  expect(Object.keys(answer.body).sort()).toEqual(['__type', 'message']);
  expect(answer.body.__type).toBe(type);
  if (typeof message === 'string') expect(answer.body.message).toBe(message);
  else expect(answer.body.message).toMatch(message);
  expect(answer.headers.get('x-amzn-errortype')).toBe(`${type}:`);
}

async function getId(op: Provider, logins?: Record<string, string>): Promise<string> {
  const answer = await call(op, 'GetId', { IdentityPoolId: op.identityPoolId, ...(logins && { Logins: logins }) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(Object.keys(answer.body)).toEqual(['IdentityId']);
  expect(answer.body.IdentityId).toMatch(IDENTITY_ID);
  return answer.body.IdentityId as string;
}

async function credentials(op: Provider, identityId: string, logins?: Record<string, string>) {
  return call(op, 'GetCredentialsForIdentity', { IdentityId: identityId, ...(logins && { Logins: logins }) });
}

function expectCredentials(answer: Answer, identityId: string, ttl = 3600): Credentials {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.IdentityId).toBe(identityId);
  const issued = answer.body.Credentials as Credentials;
  expect(Object.keys(issued).sort()).toEqual(['AccessKeyId', 'Expiration', 'SecretKey', 'SessionToken']);
  expect(issued.AccessKeyId).toMatch(/^ASIA[0-9A-Z]{16}$/);
  expect(issued.SecretKey).toMatch(/^[\w+/=]{40}$/);
  expect(issued.SessionToken.length).toBeGreaterThan(100);
  expect(Number.isInteger(issued.Expiration)).toBe(true);
  expect(Math.abs(issued.Expiration - (nowSeconds() + ttl))).toBeLessThanOrEqual(2);
  return issued;
}

/** Signs the demo user in through the real authorization code + PKCE flow; resolves to the ID token. */
async function signIn(op: Provider): Promise<string> {
  let cookies = '';
  const remember = (response: Response) => {
    const jar = new Map(cookies ? cookies.split('; ').map((pair) => pair.split('=') as [string, string]) : []);
    for (const cookie of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (cookie.split(';')[0] ?? '').split('=');
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    cookies = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  };
  const request = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookies, ...(form && { 'content-type': 'application/x-www-form-urlencoded' }) },
      body: form && new URLSearchParams(form),
    });
    remember(response);
    return response;
  };
  const follow = async (start: string) => {
    let url = start;
    for (let hops = 0; hops < 10 && url.startsWith(op.issuer); hops += 1) {
      const response = await request(url);
      const location = response.headers.get('location');
      if (!location) return url;
      url = new URL(location, url).href;
    }
    return url;
  };

  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${op.issuer}/oauth2/authorize`);
  authorize.search = new URLSearchParams({
    client_id: op.clientId,
    redirect_uri: APP,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const form = await follow(authorize.href);
  const signedIn = await request(`${form}/login`, { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  const callback = new URL(await follow(new URL(signedIn.headers.get('location')!, form).href));
  const tokens = await fetch(`${op.issuer}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: op.clientId,
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: APP,
      code_verifier: verifier,
    }),
  });
  expect(tokens.status).toBe(200);
  return ((await tokens.json()) as { id_token: string }).id_token;
}

// Real HTTP, RSA keys and sign-ins take a while on a busy machine.
describe('Cognito Identity API of the local provider', { timeout: 20_000 }, () => {
  const providerKey = rsaJwk('provider-key');
  const foreignKey = rsaJwk('provider-key'); // same kid, another key
  const strangerKey = rsaJwk('stranger-key');
  let op: Provider;
  let providerName: string;
  let idToken: string;
  const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(() => undefined),
  );

  /** An ID token for `sub`, signed with the provider's own key unless `key` says otherwise. */
  async function forge(
    claims: JWTPayload,
    { key = providerKey, alg = 'RS256' }: { key?: JsonWebKey; alg?: string } = {},
  ): Promise<string> {
    const jwt = new SignJWT({ iss: op.issuer, aud: op.clientId, sub: 'forged-user', token_use: 'id', ...claims })
      .setProtectedHeader({ alg, kid: key.kid as string })
      .setIssuedAt();
    if (!('exp' in claims)) jwt.setExpirationTime('1h');
    return jwt.sign(await importJWK(key as Parameters<typeof importJWK>[0], alg));
  }

  /** A token the provider's key signed for a user of its own, so one test's identities stay its own. */
  const userToken = (claims: JWTPayload = {}) => forge({ sub: `user-${randomBytes(6).toString('hex')}`, ...claims });
  const loginsOf = (token: string) => ({ [providerName]: token });

  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [APP], signingKey: providerKey });
    providerName = op.issuer.replace('http://', '');
    idToken = await signIn(op);
  });

  afterAll(async () => {
    await op?.close();
    for (const spy of consoleSpies) spy.mockRestore();
  });

  it('answers at /identity/ on the provider, for the default pool', () => {
    expect(op.identityEndpoint).toBe(`${op.issuer}/identity/`);
    expect(op.identityPoolId).toBe(POOL_ID);
    expect(providerName).toBe(`127.0.0.1:${op.port}`);
  });

  it('gives a guest a new identity on every GetId, with unauthenticated credentials', async () => {
    const first = await getId(op);
    const second = await getId(op);
    expect(second).not.toBe(first);
    // An empty Logins map is no login at all.
    const third = (await call(op, 'GetId', { IdentityPoolId: op.identityPoolId, Logins: {} })).body.IdentityId;
    expect(third).toMatch(IDENTITY_ID);
    expect(new Set([first, second, third]).size).toBe(3);

    const issued = expectCredentials(await credentials(op, first), first);
    const again = expectCredentials(await credentials(op, first), first);
    expect(again.AccessKeyId).not.toBe(issued.AccessKeyId);
    expect(again.SecretKey).not.toBe(issued.SecretKey);
  });

  it('gives the signed-in user one identity, across calls and tokens, and credentials only with a token', async () => {
    expect(JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString())).toMatchObject({
      iss: op.issuer,
      aud: op.clientId,
      sub: DEMO_ACCOUNT.sub,
    });
    const identityId = await getId(op, loginsOf(idToken));
    expect(await getId(op, loginsOf(idToken))).toBe(identityId);
    expect(await getId(op, loginsOf(await signIn(op)))).toBe(identityId);
    expect(await getId(op)).not.toBe(identityId);

    expectCredentials(await credentials(op, identityId, loginsOf(idToken)), identityId);
    expectError(await credentials(op, identityId), 'NotAuthorizedException', LOGINS_MISMATCH);
  });

  it('links a guest identity to a user who has none: it becomes theirs', async () => {
    const guest = await getId(op);
    const token = await userToken();

    expectCredentials(await credentials(op, guest, loginsOf(token)), guest);
    expect(await getId(op, loginsOf(token))).toBe(guest);
    // Now authenticated: no more credentials without the user's token.
    expectError(await credentials(op, guest), 'NotAuthorizedException', LOGINS_MISMATCH);
    expectCredentials(await credentials(op, guest, loginsOf(token)), guest);
  });

  it("merges a guest identity into the user's existing identity and answers with the user's", async () => {
    const token = await userToken();
    const own = await getId(op, loginsOf(token));
    const guest = await getId(op);

    expectCredentials(await credentials(op, guest, loginsOf(token)), own);
    expect(await getId(op, loginsOf(token))).toBe(own);
    // The guest identity was merged away.
    expectError(await credentials(op, guest), 'ResourceNotFoundException', `Identity '${guest}' not found.`);
  });

  it("refuses a user's identity to another user", async () => {
    const owner = await getId(op, loginsOf(await userToken()));
    const intruder = await userToken();
    expectError(
      await credentials(op, owner, loginsOf(intruder)),
      'NotAuthorizedException',
      `Access to Identity '${owner}' is forbidden.`,
    );
    expectError(await credentials(op, owner), 'NotAuthorizedException', LOGINS_MISMATCH);
  });

  it('checks ID tokens like Cognito: signature by its own key, issuer, audience, expiry, claims', async () => {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const [realHeader, realPayload] = idToken.split('.') as [string, string];
    const { n } = createPublicKey({ key: providerKey, format: 'jwk' }).export({ format: 'jwk' });
    const unsigned = `${encode({ alg: 'none' })}.${encode({ iss: op.issuer, aud: op.clientId, sub: 'x', exp: nowSeconds() + 600 })}.`;
    const now = nowSeconds();

    // Forged tokens are accepted when everything is right, so each refusal below is for its one fault.
    expect(await getId(op, loginsOf(await userToken()))).toMatch(IDENTITY_ID);
    expect(await getId(op, loginsOf(await userToken({ aud: [op.clientId, 'other'] })))).toMatch(IDENTITY_ID);

    const cases: [string, string, string | RegExp][] = [
      ['expired', await userToken({ exp: now - 10 }), /^Invalid login token\. Token expired: \d+ >= \d+$/],
      [
        'expiring this second',
        await userToken({ exp: now }),
        new RegExp(`^Invalid login token\\. Token expired: \\d+ >= ${now}$`),
      ],
      ['without an expiry', await userToken({ exp: undefined }), 'Invalid login token. Missing a required claim: exp'],
      ['with a text expiry', await userToken({ exp: 'never' as unknown as number }), NOT_A_TOKEN],
      ['signed by a foreign key with the same kid', await forge({}, { key: foreignKey }), UNVERIFIED],
      ['signed by a key the provider does not have', await forge({}, { key: strangerKey }), UNVERIFIED],
      [
        'HS256 with the public key as secret',
        await forge({}, { key: { kty: 'oct', k: n, kid: 'provider-key' }, alg: 'HS256' }),
        UNVERIFIED,
      ],
      ['unsigned (alg none)', unsigned, UNVERIFIED],
      ['real token with its signature cut', `${realHeader}.${realPayload}.`, UNVERIFIED],
      [
        'real token with a changed payload',
        `${realHeader}.${encode({ ...JSON.parse(Buffer.from(realPayload, 'base64url').toString()), sub: 'someone-else' })}.${idToken.split('.')[2]}`,
        UNVERIFIED,
      ],
      [
        'for another client',
        await userToken({ aud: 'other-client' }),
        'Invalid login token. Incorrect token audience.',
      ],
      [
        'without an audience',
        await userToken({ aud: undefined }),
        'Invalid login token. Missing a required claim: aud',
      ],
      [
        'from another issuer',
        await userToken({ iss: 'http://127.0.0.1:1' }),
        "Invalid login token. Issuer doesn't match providerName",
      ],
      [
        'from the issuer over https',
        await userToken({ iss: `https://${providerName}` }),
        "Invalid login token. Issuer doesn't match providerName",
      ],
      [
        'without an issuer',
        await userToken({ iss: undefined }),
        "Invalid login token. Issuer doesn't match providerName",
      ],
      ['without a subject', await forge({ sub: undefined }), 'Invalid login token. Missing a required claim: sub'],
      ['with an empty subject', await forge({ sub: '' }), NOT_A_TOKEN],
      ['an access token', await userToken({ token_use: 'access' }), NOT_A_TOKEN],
      ['not valid yet', await userToken({ nbf: now + 600 }), NOT_A_TOKEN],
      ['garbage', 'not-a-token', NOT_A_TOKEN],
      ['three garbage parts', 'a.b.c', NOT_A_TOKEN],
      ['five parts (an encrypted token)', 'a.b.c.d.e', NOT_A_TOKEN],
    ];
    for (const [name, token, message] of cases) {
      const answer = await call(op, 'GetId', { IdentityPoolId: op.identityPoolId, Logins: loginsOf(token) });
      expect(answer.body.message, name).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
      expectError(answer, 'NotAuthorizedException', message);
    }

    // The same checks guard GetCredentialsForIdentity, and a refused token links nothing.
    const guest = await getId(op);
    const expired = await userToken({ exp: now - 10 });
    expectError(await credentials(op, guest, loginsOf(expired)), 'NotAuthorizedException', /Token expired/);
    expectError(
      await credentials(op, guest, loginsOf(await forge({}, { key: strangerKey }))),
      'NotAuthorizedException',
      UNVERIFIED,
    );
    expectCredentials(await credentials(op, guest), guest);
  });

  it('takes logins only from this provider, named by its issuer without the scheme', async () => {
    const names = [
      `http://${providerName}`,
      `${providerName}/`,
      `localhost:${op.port}`,
      'cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI',
      'accounts.google.com',
      '__proto__',
    ];
    for (const name of names) {
      const answer = await call(
        op,
        'GetId',
        `{"IdentityPoolId":"${op.identityPoolId}","Logins":{${JSON.stringify(name)}:"${idToken}"}}`,
      );
      expectError(answer, 'NotAuthorizedException', UNSUPPORTED_PROVIDER);
    }
    // A valid login next to a foreign one does not carry it.
    const both = await call(op, 'GetId', {
      IdentityPoolId: op.identityPoolId,
      Logins: { [providerName]: idToken, 'accounts.google.com': idToken },
    });
    expectError(both, 'NotAuthorizedException', UNSUPPORTED_PROVIDER);
  });

  it('refuses malformed requests as Cognito does, never with a server error', async () => {
    const guest = await getId(op);
    const getIdOf = (body: unknown, init?: RequestInit) => call(op, 'GetId', body, init);
    const pool = { IdentityPoolId: op.identityPoolId };
    const invalid = 'InvalidParameterException';
    const unknownOperation = 'UnknownOperationException';

    const cases: [string, Promise<Answer>, string, string | RegExp][] = [
      ['no target', call(op, null, pool), unknownOperation, 'Unknown operation (none)'],
      ['an operation it does not have', call(op, 'DeleteIdentities', pool), unknownOperation, /DeleteIdentities/],
      [
        'a target without the service',
        getIdOf(pool, { headers: { 'x-amz-target': 'GetId' } }),
        unknownOperation,
        /GetId/,
      ],
      ['an inherited property as operation', call(op, 'constructor', pool), unknownOperation, /constructor/],
      ['__proto__ as operation', call(op, '__proto__', pool), unknownOperation, /__proto__/],
      ['GET', fetch(op.identityEndpoint).then(toAnswer), unknownOperation, 'Unknown operation (none)'],
      ['PUT', getIdOf(pool, { method: 'PUT' }), unknownOperation, /GetId/],
      ['no content type', getIdOf(pool, { headers: { 'content-type': '' } }), invalid, /Content-Type/],
      [
        'JSON content type',
        getIdOf(pool, { headers: { 'content-type': 'application/json' } }),
        invalid,
        /Content-Type/,
      ],
      [
        'form content type',
        getIdOf(pool, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        invalid,
        /Content-Type/,
      ],
      [
        'JSON 1.0',
        getIdOf(pool, { headers: { 'content-type': 'application/x-amz-json-1.0' } }),
        invalid,
        /Content-Type/,
      ],
      ['a body that is not JSON', getIdOf('IdentityPoolId=eu-west-1'), invalid, 'The request body is not valid JSON.'],
      ['an empty body', getIdOf(''), invalid, 'The request body is not valid JSON.'],
      ['a cut-off body', getIdOf('{"IdentityPoolId":'), invalid, 'The request body is not valid JSON.'],
      ['a JSON array', getIdOf([pool]), invalid, 'The request body must be a JSON object.'],
      ['JSON null', getIdOf('null'), invalid, 'The request body must be a JSON object.'],
      ['a JSON string', getIdOf('"GetId"'), invalid, 'The request body must be a JSON object.'],
      ['a body over 64 KiB', getIdOf({ ...pool, Padding: 'x'.repeat(70_000) }), invalid, /exceeds 65536 bytes/],
      ['a 4 MiB body', getIdOf({ ...pool, Padding: 'x'.repeat(4 * 1024 * 1024) }), invalid, /exceeds 65536 bytes/],
      [
        'no IdentityPoolId',
        getIdOf({}),
        invalid,
        /^1 validation error detected: Value null at 'identityPoolId' failed to satisfy constraint: Member must not be null$/,
      ],
      ['IdentityPoolId null', getIdOf({ IdentityPoolId: null }), invalid, /Member must not be null/],
      ['IdentityPoolId a number', getIdOf({ IdentityPoolId: 7 }), invalid, /'identityPoolId'.*Member must be a string/],
      ['IdentityPoolId an object', getIdOf({ IdentityPoolId: { toString: 'x' } }), invalid, /Member must be a string/],
      [
        'a user pool id',
        getIdOf({ IdentityPoolId: 'eu-west-1_AbCdEfGhI' }),
        invalid,
        /at 'identityPoolId' failed to satisfy constraint: Member must satisfy regular expression pattern: \[\\w-\]\+:\[0-9a-f-\]\+$/,
      ],
      [
        'upper-case hex',
        getIdOf({ IdentityPoolId: POOL_ID.replace('0000-4000', 'ABCD-4000') }),
        invalid,
        /regular expression pattern/,
      ],
      ['an empty pool id', getIdOf({ IdentityPoolId: '' }), invalid, /length between 1 and 55/],
      [
        'a pool id too long',
        getIdOf({ IdentityPoolId: `eu-west-1:${'0'.repeat(50)}` }),
        invalid,
        /length between 1 and 55/,
      ],
      ['a pool id with a newline', getIdOf({ IdentityPoolId: `${POOL_ID}\n` }), invalid, /regular expression pattern/],
      [
        'an unknown pool',
        getIdOf({ IdentityPoolId: 'eu-west-1:11111111-1111-4111-8111-111111111111' }),
        'ResourceNotFoundException',
        "IdentityPool 'eu-west-1:11111111-1111-4111-8111-111111111111' not found.",
      ],
      [
        'the pool in another region',
        getIdOf({ IdentityPoolId: POOL_ID.replace('eu-west-1', 'us-east-1') }),
        'ResourceNotFoundException',
        /not found/,
      ],
      ['Logins an array', getIdOf({ ...pool, Logins: [idToken] }), invalid, /'logins'.*Member must be a map/],
      ['Logins a string', getIdOf({ ...pool, Logins: idToken }), invalid, /Member must be a map/],
      [
        'a login that is not a string',
        getIdOf({ ...pool, Logins: { [providerName]: 42 } }),
        invalid,
        /Map values must be strings/,
      ],
      ['an empty login', getIdOf({ ...pool, Logins: { [providerName]: '' } }), invalid, /Map values must be strings/],
      [
        'a login over 50000 characters',
        getIdOf({ ...pool, Logins: { [providerName]: 'x'.repeat(50_001) } }),
        invalid,
        /Map values/,
      ],
      ['an empty provider name', getIdOf({ ...pool, Logins: { '': idToken } }), invalid, /Map keys/],
      [
        'eleven logins',
        getIdOf({ ...pool, Logins: Object.fromEntries([...Array(11).keys()].map((i) => [`p${i}`, 't'])) }),
        invalid,
        /less than or equal to 10/,
      ],
      ['no IdentityId', call(op, 'GetCredentialsForIdentity', {}), invalid, /Value null at 'identityId'/],
      [
        'IdentityId an array',
        call(op, 'GetCredentialsForIdentity', { IdentityId: [guest] }),
        invalid,
        /'identityId'.*Member must be a string/,
      ],
      [
        'a malformed IdentityId',
        call(op, 'GetCredentialsForIdentity', { IdentityId: 'guest' }),
        invalid,
        /'identityId' failed to satisfy constraint: Member must satisfy regular expression pattern/,
      ],
      [
        'an IdentityId with a path',
        call(op, 'GetCredentialsForIdentity', { IdentityId: `${guest}/../x` }),
        invalid,
        /regular expression pattern/,
      ],
      [
        'an unknown identity',
        call(op, 'GetCredentialsForIdentity', { IdentityId: 'eu-west-1:22222222-2222-4222-8222-222222222222' }),
        'ResourceNotFoundException',
        "Identity 'eu-west-1:22222222-2222-4222-8222-222222222222' not found.",
      ],
      [
        'an identity id that is a pool id',
        call(op, 'GetCredentialsForIdentity', { IdentityId: op.identityPoolId }),
        'ResourceNotFoundException',
        /not found/,
      ],
    ];
    // Every request has its answer before any assertion can stop the loop.
    const answers = await Promise.all(cases.map(([, pending]) => pending));
    for (const [index, [name, , type, message]] of cases.entries()) {
      const answer = answers[index]!;
      expect(answer.body, name).toMatchObject({ __type: type });
      expectError(answer, type, message);
    }

    // A charset parameter is fine, and the body may carry members it does not know.
    const lenient = await getIdOf(
      { ...pool, AccountId: '123456789012', Extra: true },
      {
        headers: { 'content-type': 'application/x-amz-json-1.1; charset=utf-8' },
      },
    );
    expect(lenient.status).toBe(200);
    // "__proto__" members are plain data: no prototype is touched.
    const polluting = await getIdOf(
      `{"IdentityPoolId":"${op.identityPoolId}","__proto__":{"polluted":true},"Logins":{"__proto__":{"x":1}}}`,
    );
    expectError(polluting, invalid, /Map values must be strings/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers CORS like Cognito: any origin, the SDK headers, a long-lived preflight', async () => {
    const requested = 'content-type,x-amz-target,x-amz-user-agent,amz-sdk-invocation-id,amz-sdk-request';
    const preflight = await fetch(op.identityEndpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': requested,
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(requested);
    expect(preflight.headers.get('access-control-max-age')).toBe('172800');
    expect(await preflight.text()).toBe('');

    const odd = await fetch(op.identityEndpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-headers': 'content-type, x-amz-target; x=1' },
    });
    expect(odd.headers.get('access-control-allow-headers')).toBe('content-type,x-amz-target');

    const answer = await call(
      op,
      'GetId',
      { IdentityPoolId: op.identityPoolId },
      { headers: { origin: 'http://127.0.0.1:4173' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-expose-headers')).toBe(
      'x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date',
    );
    expect(answer.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it("leaves the provider's other routes alone", async () => {
    expect((await fetch(`${op.issuer}/.well-known/openid-configuration`)).status).toBe(200);
    expect((await fetch(`${op.issuer}/identity`, { method: 'POST' })).headers.get('content-type')).not.toBe(
      'application/x-amz-json-1.1',
    );
  });

  it('stays quiet on the console', () => {
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});

async function toAnswer(response: Response): Promise<Answer> {
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('identity pool options', { timeout: 20_000 }, () => {
  it('refuses guests when the pool does not allow them, and keeps signed-in users', async () => {
    const op = await startOidcProvider({
      redirectUris: [APP],
      identityAllowGuests: false,
      identityPoolId: 'us-east-2:0f0e0d0c-0b0a-4908-8706-050403020100',
    });
    try {
      expect(op.identityPoolId).toBe('us-east-2:0f0e0d0c-0b0a-4908-8706-050403020100');
      const guest = await call(op, 'GetId', { IdentityPoolId: op.identityPoolId });
      expectError(guest, 'NotAuthorizedException', GUESTS_REFUSED);
      const logins = { [op.issuer.replace('http://', '')]: await signIn(op) };
      const identityId = await call(op, 'GetId', { IdentityPoolId: op.identityPoolId, Logins: logins });
      expect(identityId.body.IdentityId).toMatch(/^us-east-2:[0-9a-f-]{36}$/);
      const issued = await credentials(op, identityId.body.IdentityId as string, logins);
      expect(issued.status).toBe(200);
    } finally {
      await op.close();
    }
  });

  it('issues credentials for the lifetime it is given', async () => {
    const op = await startOidcProvider({ redirectUris: [APP], identityCredentialsTtl: 5 });
    try {
      const identityId = await getId(op);
      expectCredentials(await credentials(op, identityId), identityId, 5);
    } finally {
      await op.close();
    }
  });

  it('refuses options it cannot honour', async () => {
    const base = { issuer: 'http://127.0.0.1:1', clientId: 'c', jwks: { keys: [] } };
    expect(() => cognitoIdentity({ ...base, identityPoolId: 'eu-west-1_AbC' })).toThrow(TypeError);
    expect(() => cognitoIdentity({ ...base, credentialsTtl: 0 })).toThrow(TypeError);
    expect(() => cognitoIdentity({ ...base, credentialsTtl: 1.5 })).toThrow(TypeError);
    await expect(startOidcProvider({ redirectUris: [APP], identityPoolId: 'nope' })).rejects.toThrow(TypeError);
  });
});

describe("the app's identity client against the local provider", { timeout: 20_000 }, () => {
  it('takes a guest to a signed-in user, and tells refusals, HTML pages and silence apart', async () => {
    const op = await startOidcProvider({ redirectUris: [APP] });
    try {
      const identityPoolId = op.identityPoolId;
      expect(regionOfId(identityPoolId)).toBe('eu-west-1');
      const pool = { identityPoolId, region: 'eu-west-1', endpoint: op.identityEndpoint };

      const asGuest = await fetchIdentityCredentials({ pool, identityId: null });
      const guest = asGuest.identityId;
      expect(guest).toMatch(IDENTITY_ID);
      expect(asGuest.credentials.accessKeyId).toMatch(/^ASIA/);
      expect(Math.abs(asGuest.credentials.expiration.getTime() - (Date.now() + 3_600_000))).toBeLessThan(5000);

      // The guest signs in: its identity becomes the user's.
      const logins = loginsFor(`${op.issuer}/`, await signIn(op));
      const signedIn = await fetchIdentityCredentials({ pool, identityId: guest, logins });
      expect(signedIn.identityId).toBe(guest);
      expect(signedIn.credentials.accessKeyId).not.toBe(asGuest.credentials.accessKeyId);
      expect((await fetchIdentityCredentials({ pool, identityId: null, logins })).identityId).toBe(guest);

      // Without the user's logins their identity is refused, and the client starts a new guest identity.
      const answers: { target: string | null; status: number; body: unknown }[] = [];
      const recording: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const target = new Headers(init?.headers).get('x-amz-target');
        answers.push({ target, status: response.status, body: await response.clone().json() });
        return response;
      };
      const refused = await fetchIdentityCredentials({ pool, identityId: guest, fetch: recording });
      expect(answers.map(({ target, status }) => [target, status])).toEqual([
        ['AWSCognitoIdentityService.GetCredentialsForIdentity', 400],
        ['AWSCognitoIdentityService.GetId', 200],
        ['AWSCognitoIdentityService.GetCredentialsForIdentity', 200],
      ]);
      expect(answers[0]!.body).toEqual({ __type: 'NotAuthorizedException', message: LOGINS_MISMATCH });
      expect(refused.identityId).toMatch(IDENTITY_ID);
      expect(refused.identityId).not.toBe(guest);

      const unknownPool = await fetchIdentityCredentials({
        pool: { ...pool, identityPoolId: POOL_ID.replace('0000-4000', 'ffff-4000') },
        identityId: null,
      }).catch((error: unknown) => error);
      expect(unknownPool).toBeInstanceOf(CognitoIdentityError);
      expect(unknownPool).toMatchObject({ name: 'CognitoIdentityError', type: 'ResourceNotFoundException' });

      // The provider's HTML error page is not an answer; a closed port is no answer at all.
      const html = await fetchIdentityCredentials({
        pool: { ...pool, endpoint: `${op.issuer}/interaction/none` },
        identityId: null,
      }).catch((error: unknown) => error);
      expect(html).toBeInstanceOf(IdentityResponseError);
      const closed = await fetchIdentityCredentials({
        pool: { ...pool, endpoint: 'http://127.0.0.1:1/' },
        identityId: null,
      }).catch((error: unknown) => error);
      expect(closed).toMatchObject({ name: 'IdentityNetworkError' });
    } finally {
      await op.close();
    }
  });
});
