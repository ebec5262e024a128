// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemoryWebStorage } from 'oidc-client-ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrossTabUserManager, userManagerSettings } from '../../src/features/auth/session/user-manager';
import { createAccessTokens } from '../../src/features/auth/tokens/access-tokens';
import { env } from '../../src/config/env';
import { http, HttpError, NetworkError } from '../../src/lib/http';
import { connectSessionTokens } from '../../src/lib/session-tokens';
import { startOidcProvider } from '../../scripts/local-provider/oidc-provider.mjs';
import { navigatorTo } from '../../src/test/oidc';
import { signInAtProvider } from './provider-sign-in';

// The app's access-token path end to end, without a browser: oidc-client-ts with the app's
// settings signed in at the real local provider, the token source of the sign-in chunk, the HTTP
// helper, and an API server on 127.0.0.1 that accepts a token only when the provider's userinfo
// endpoint does. What the provider sees is counted where it is sent: fetch.

const APP = 'http://127.0.0.1:4173/';

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let api: TestApi;
let elsewhere: TestApi;

interface TestApi {
  origin: string;
  /** The Authorization header of every request, in order. */
  seen: (string | undefined)[];
  /** Tokens refused even though the provider would accept them (as an API that revoked them would). */
  refused: Set<string>;
  /** Refuses every token. */
  refuseAll: boolean;
  /** Where `/moved` redirects (302), when set. */
  movedTo: string | null;
  close: () => Promise<void>;
}

/** An API that answers 200 to a bearer token the provider's userinfo accepts, 401 otherwise. */
async function startApi(): Promise<TestApi> {
  const seen: (string | undefined)[] = [];
  const refused = new Set<string>();
  const server: Server = createServer(async (request, response) => {
    const authorization = request.headers.authorization;
    seen.push(authorization);
    if (request.url === '/moved' && testApi.movedTo) {
      response.writeHead(302, { location: testApi.movedTo }).end();
      return;
    }
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const valid =
      token !== undefined &&
      !testApi.refuseAll &&
      !refused.has(token) &&
      (await fetch(`${provider.issuer}/oauth2/userInfo`, { headers: { authorization: `Bearer ${token}` } })).ok;
    response.writeHead(valid ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: valid }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const testApi: TestApi = {
    origin: `http://127.0.0.1:${port}`,
    seen,
    refused,
    refuseAll: false,
    movedTo: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return testApi;
}

/** Token-endpoint requests the app makes, and whether any of them carried a bearer token. */
let tokenRequests: { grant: string | null; authorization: string | null }[];

/** The app signed in: its UserManager, token source and HTTP helper. */
async function signedInApp() {
  const storage = new InMemoryWebStorage();
  const settings = {
    ...userManagerSettings({ ...oidc(), cognitoDomain: null }, APP.slice(0, -1), storage, [() => storage]),
  };
  let authorize = '';
  const userManager = new CrossTabUserManager(
    { ...settings, automaticSilentRenew: false },
    navigatorTo((url) => (authorize = url)),
  );
  await userManager.signinRedirect();
  const answer = await signInAtProvider(provider.issuer, authorize);
  expect(answer.startsWith(APP)).toBe(true);
  await userManager.signinRedirectCallback(answer);
  const expire = vi.fn(async () => {
    await userManager.removeUser();
  });
  const tokens = createAccessTokens(userManager, expire);
  const disconnect = connectSessionTokens({ ...tokens, idToken: async () => null });
  // The page the app sends from, in a build that names the API origin; only same-origin requests read cookies.
  vi.stubGlobal('location', new URL(`${APP}profile`));
  vi.spyOn(env, 'apiOrigins', 'get').mockReturnValue({ self: false, origins: [api.origin] });
  const accessToken = async () => (await userManager.getUser())?.access_token;
  return { userManager, expire, disconnect, http, accessToken };
}

const oidc = () => ({ authority: provider.issuer, clientId: provider.clientId, scope: 'email profile openid' });
const refreshes = () => tokenRequests.filter((request) => request.grant === 'refresh_token');

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [APP] });
  [api, elsewhere] = await Promise.all([startApi(), startApi()]);
});

afterAll(async () => {
  await Promise.all([provider?.close(), api?.close(), elsewhere?.close()]);
});

let app: Awaited<ReturnType<typeof signedInApp>>;
beforeEach(async () => {
  tokenRequests = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === `${provider.issuer}/oauth2/token`) {
      tokenRequests.push({
        grant: new URLSearchParams(String(init?.body)).get('grant_type'),
        authorization: new Headers(init?.headers).get('authorization'),
      });
    }
    return realFetch(input, init);
  });
  api.seen.length = 0;
  api.refused.clear();
  api.refuseAll = false;
  api.movedTo = null;
  elsewhere.seen.length = 0;
  app = await signedInApp();
});

afterEach(() => {
  app?.disconnect();
  vi.unstubAllGlobals();
});

describe('the access token, with a real provider and a real API', () => {
  it('goes to the API origin only; the provider never gets it from the app', async () => {
    const token = await app.accessToken();
    expect((await app.http(`${api.origin}/items`)).status).toBe(200);
    await app.http(`${elsewhere.origin}/items`, { handleErrors: true }).catch(() => undefined);
    expect(api.seen).toEqual([`Bearer ${token}`]);
    expect(elsewhere.seen).toEqual([undefined]);
    expect(tokenRequests.map((request) => request.authorization)).toEqual([null]);
  });

  it('a 401 renews it once at the provider and the request is retried once with the new token', async () => {
    const before = (await app.accessToken())!;
    api.refused.add(before);
    expect((await app.http(`${api.origin}/items`)).status).toBe(200);
    expect(refreshes()).toHaveLength(1);
    const after = await app.accessToken();
    expect(after).not.toBe(before);
    expect(api.seen).toEqual([`Bearer ${before}`, `Bearer ${after}`]);
    expect(app.expire).not.toHaveBeenCalled();
  });

  it('a 401 storm (fifty requests refused at once) makes one token request at the provider', async () => {
    api.refused.add((await app.accessToken())!);
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => app.http(`${api.origin}/${index}`)));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(refreshes()).toHaveLength(1);
    expect(api.seen).toHaveLength(100);
  });

  it('a renewed token refused too ends the session once, and nothing is retried again', async () => {
    api.refuseAll = true;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) => app.http(`${api.origin}/${index}`, { handleErrors: true })),
    );
    expect(results.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(HttpError);
    expect(refreshes()).toHaveLength(1);
    expect(api.seen).toHaveLength(10);
    expect(app.expire).toHaveBeenCalledTimes(1);
  });

  it('a renewal the provider refuses (a revoked refresh token) ends the session; the request is not retried', async () => {
    const user = (await app.userManager.getUser())!;
    await fetch(`${provider.issuer}/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: user.refresh_token!, client_id: provider.clientId }),
    });
    api.refused.add(user.access_token);
    await expect(app.http(`${api.origin}/items`, { handleErrors: true })).rejects.toMatchObject({ status: 401 });
    expect(refreshes()).toHaveLength(1);
    expect(api.seen).toHaveLength(1);
    expect(app.expire).toHaveBeenCalledTimes(1);
  });

  it('a redirect from the API fails as a network error and is never followed', async () => {
    api.movedTo = `${elsewhere.origin}/items`;
    const failure = await app.http(`${api.origin}/moved`, { handleErrors: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(api.seen).toEqual([`Bearer ${await app.accessToken()}`]);
    expect(elsewhere.seen).toEqual([]);
  });

  it('an expired access token is renewed before the request is sent', async () => {
    const user = (await app.userManager.getUser())!;
    user.expires_at = Math.floor(Date.now() / 1000) - 10;
    await app.userManager.storeUser(user);
    expect((await app.http(`${api.origin}/items`)).status).toBe(200);
    expect(refreshes()).toHaveLength(1);
    expect(api.seen).toEqual([`Bearer ${await app.accessToken()}`]);
    expect(api.seen[0]).not.toBe(`Bearer ${user.access_token}`);
  });
});
