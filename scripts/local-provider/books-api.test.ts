// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEMO_ACCOUNT, OUTSIDER_ACCOUNT, startOidcProvider } from './oidc-provider.mjs';

// The Books API as `npm start` and the e2e tests serve it: the provider's tokens (from its sign-in form and token
// endpoint, as the app's) checked there, the handler of api/ behind it (its whole contract: api/**/*.test.ts).

const APP = 'http://127.0.0.1:4173/';
const OTHER_APP = 'http://localhost:4173/';
const APP_ORIGIN = new URL(APP).origin;
const EVIL_ORIGIN = 'http://evil.test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STRONG_ETAG = /^"[\w-]+"$/;

type Provider = Awaited<ReturnType<typeof startOidcProvider>>;
type Account = { email: string; password: string };
type Tokens = { access_token: string; id_token: string; refresh_token: string };
type Book = {
  id: string;
  title: string;
  author: string;
  year: number;
  isbn: string;
  description: string;
  updatedAt: string;
};
type Page = { items: Book[]; total: number; page: number; pageSize: number };

/** Signs in at the provider's form with PKCE, like a browser, and exchanges the code for tokens. */
async function signIn(op: Provider, account: Account): Promise<Tokens> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  };
  const verifier = randomBytes(32).toString('base64url');
  let url = `${op.issuer}/oauth2/authorize?${new URLSearchParams({
    client_id: op.clientId,
    redirect_uri: APP,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
  for (let hops = 0; hops < 10 && url.startsWith(op.issuer); hops += 1) {
    let response = await send(url);
    if (response.status === 200) {
      response = await send(`${op.issuer}${new URL(url).pathname}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: account.email, password: account.password }),
      });
    }
    url = new URL(response.headers.get('location')!, url).href;
  }
  const code = new URL(url).searchParams.get('code');
  expect(code).toBeTruthy();
  const response = await fetch(`${op.issuer}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: op.clientId,
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: APP,
      code_verifier: verifier,
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

/** A call to the API with a token (or none) and, unless told otherwise, a JSON body. */
async function api(
  op: Provider,
  token: string | null,
  path = '',
  { body, headers, ...init }: Omit<RequestInit, 'body'> & { body?: unknown } = {},
): Promise<Response> {
  const all = new Headers(headers);
  if (token !== null && !all.has('authorization')) all.set('authorization', `Bearer ${token}`);
  if (body !== undefined && !all.has('content-type')) all.set('content-type', 'application/json');
  const encoded =
    body === undefined || typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
  return fetch(`${op.booksUrl}${path}`, { ...init, headers: all, body: encoded as BodyInit | undefined });
}

const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

const VALID = { title: 'The Dispossessed', author: 'Ursula K. Le Guin', year: 1974, isbn: '978-0-06-051275-0' };

describe('the Books API of the local provider', () => {
  let op: Provider;
  let demo: Tokens;
  let outsider: Tokens;
  const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(() => undefined),
  );

  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [APP, OTHER_APP], testAccounts: true });
    [demo, outsider] = await Promise.all([signIn(op, DEMO_ACCOUNT), signIn(op, OUTSIDER_ACCOUNT)]);
  });

  afterAll(async () => {
    await op?.close();
    for (const spy of consoleSpies) spy.mockRestore();
  });

  /** A copy of the demo or outsider account with its own books, signed in. */
  const copyOf = async (like: 'demo' | 'outsider') => {
    const response = await fetch(`${op.issuer}/test/accounts`, { method: 'POST', body: JSON.stringify({ like }) });
    expect(response.status).toBe(201);
    return signIn(op, (await response.json()) as Account);
  };
  const list = async (token: string, query = '') => {
    const response = await api(op, token, query === '' ? '' : `?${query}`);
    expect(response.status).toBe(200);
    return json<Page>(response);
  };
  const create = async (token: string, book: Record<string, unknown> = VALID) => {
    const response = await api(op, token, '', { method: 'POST', body: book });
    expect(response.status).toBe(201);
    return { book: await json<Book>(response), etag: response.headers.get('etag')!, response };
  };

  describe('refuses a call without a valid access token of the app', () => {
    const expectRefused = async (response: Response) => {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(await response.json()).toEqual({ error: 'invalid_token' });
    };

    it('none, another scheme, garbage, an over-long token, the ID token, the refresh token', async () => {
      await expectRefused(await api(op, null));
      await expectRefused(await api(op, null, '', { headers: { authorization: `Basic ${btoa('demo:snxt-demo')}` } }));
      await expectRefused(await api(op, null, '', { headers: { authorization: 'Bearer' } }));
      await expectRefused(await api(op, 'not-a-token'));
      await expectRefused(await api(op, `${demo.access_token}x`));
      await expectRefused(await api(op, 'a'.repeat(5000)));
      await expectRefused(await api(op, demo.id_token));
      await expectRefused(await api(op, demo.refresh_token));
    });

    it('on every path and method, before saying whether a book exists', async () => {
      const { book } = await create((await copyOf('demo')).access_token);
      for (const [path, method] of [
        ['', 'POST'],
        [`/${book.id}`, 'GET'],
        [`/${book.id}`, 'PUT'],
        [`/${book.id}`, 'DELETE'],
        ['/__proto__', 'GET'],
        [`/${book.id}`, 'PATCH'],
      ] as const) {
        await expectRefused(await api(op, 'garbage', path, { method, body: method === 'GET' ? undefined : VALID }));
      }
    });

    it('accepts the scheme in any case', async () => {
      const response = await api(op, null, '', { headers: { authorization: `bearer ${demo.access_token}` } });
      expect(response.status).toBe(200);
    });

    it('a token whose grant was revoked (the refresh token revoked at sign-out)', async () => {
      const tokens = await signIn(op, DEMO_ACCOUNT);
      expect((await api(op, tokens.access_token)).status).toBe(200);
      const revoked = await fetch(`${op.issuer}/oauth2/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokens.refresh_token, client_id: op.clientId }),
      });
      expect(revoked.status).toBe(200);
      await expectRefused(await api(op, tokens.access_token));
    });

    it('an expired token', async () => {
      const shortLived = await startOidcProvider({ redirectUris: [APP], accessTokenTtl: 1 });
      try {
        const tokens = await signIn(shortLived, DEMO_ACCOUNT);
        expect((await api(shortLived, tokens.access_token)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 2100));
        await expectRefused(await api(shortLived, tokens.access_token));
      } finally {
        await shortLived.close();
      }
    });

    it("a token of another client, and another provider's token", async () => {
      const forOtherApp = await startOidcProvider({ redirectUris: [APP], apiClientId: 'another-app' });
      try {
        const tokens = await signIn(forOtherApp, DEMO_ACCOUNT);
        const userinfo = await fetch(`${forOtherApp.issuer}/oauth2/userInfo`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        expect(userinfo.status).toBe(200);
        await expectRefused(await api(forOtherApp, tokens.access_token));
        await expectRefused(await api(op, tokens.access_token));
      } finally {
        await forOtherApp.close();
      }
    });
  });

  it('gives the demo account its 25 books, page 1 of 10 by title, and the outsider none', async () => {
    const response = await api(op, demo.access_token);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await json<Page>(response);
    expect(page).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(page.items[0]?.title).toBe('A Wizard of Earthsea');
    for (const book of page.items) expect(book.id).toMatch(UUID);
    expect(await list(outsider.access_token)).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
  });

  it('creates, reads, replaces on If-Match and deletes a book, with Location and ETag', async () => {
    const token = (await copyOf('demo')).access_token;
    const { book, etag, response } = await create(token);
    expect(response.headers.get('location')).toBe(`${op.booksUrl}/${book.id}`);
    expect(etag).toMatch(STRONG_ETAG);
    const fetched = await api(op, token, `/${book.id}`);
    expect(fetched.headers.get('etag')).toBe(etag);
    expect(await fetched.json()).toEqual(book);
    const put = (ifMatch?: string) =>
      api(op, token, `/${book.id}`, {
        method: 'PUT',
        body: { ...VALID, title: 'Changed' },
        headers: ifMatch ? { 'if-match': ifMatch } : {},
      });
    expect((await put()).status).toBe(428);
    const saved = await put(etag);
    expect(saved.status).toBe(200);
    expect((await put(etag)).status).toBe(412);
    expect((await api(op, token, `/${book.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(op, token, `/${book.id}`)).status).toBe(404);
    expect((await list(token)).total).toBe(25);
  });

  it('answers 404 to any path that is no book of this user, as the raw path reaches it', async () => {
    const { book } = await create(outsider.access_token);
    const raw = (path: string, token = outsider.access_token) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(op.booksUrl);
        httpRequest(
          { host: url.hostname, port: url.port, path, headers: { authorization: `Bearer ${token}` } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
          .on('error', reject)
          .end();
      });
    for (const path of ['/../x', '/%2e%2e%2fx', `/${book.id}/`, `/${book.id}/x`, '/', `/${book.id}%00`]) {
      expect(await raw(`/api/books${path}`), path).toBe(404);
    }
    for (const path of ['/api', '/api/', '/api/unknown', '/api/__proto__', '/api/Books'])
      expect(await raw(path), path).toBe(404);
    expect(await raw(`/api/books/${book.id}`, demo.access_token)).toBe(404);
    expect(await raw(`/api/books/${book.id}`)).toBe(200);
  });

  it('refuses a body over 16 KB (413), and a body that is not JSON (415)', async () => {
    const huge = await api(op, outsider.access_token, '', {
      method: 'POST',
      body: { ...VALID, description: 'x'.repeat(1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: 'tooLarge' });
    const text = await api(op, outsider.access_token, '', {
      method: 'POST',
      body: JSON.stringify(VALID),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('lets only snxt-editors delete: a copy of the outsider gets 403 for its own book, which stays', async () => {
    const token = (await copyOf('outsider')).access_token;
    expect((await list(token)).total).toBe(0);
    const { book } = await create(token);
    const refused = await api(op, token, `/${book.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'forbidden' });
    expect((await api(op, token, `/${book.id}`)).status).toBe(200);
  });

  describe('test accounts (POST /test/accounts)', () => {
    it('are fresh copies of the demo or outsider, each with its own books', async () => {
      const make = (body: string) => fetch(`${op.issuer}/test/accounts`, { method: 'POST', body });
      const response = await make('{"like": "demo"}');
      expect(response.status).toBe(201);
      const copy = await json<Account & { sub: string; name: string; groups: string[] }>(response);
      expect(copy).toMatchObject({ name: DEMO_ACCOUNT.name, groups: [...DEMO_ACCOUNT.groups] });
      expect(copy.sub).not.toBe(DEMO_ACCOUNT.sub);
      expect(copy.email).toMatch(/^demo\+[0-9a-f]{8}@snxt\.dev$/);
      const tokens = await signIn(op, copy);
      const [first] = (await list(tokens.access_token)).items;
      expect((await api(op, tokens.access_token, `/${first!.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await list(tokens.access_token)).total).toBe(24);
      expect((await list(demo.access_token)).total).toBe(25);
      for (const body of ['{"like": "__proto__"}', '{"like": "admin"}', '{}', 'null', 'x']) {
        expect((await make(body)).status).toBe(400);
      }
      expect((await fetch(`${op.issuer}/test/accounts`)).status).toBe(405);
    });

    it('are not there on a provider started without testAccounts', async () => {
      const plain = await startOidcProvider({ redirectUris: [APP] });
      try {
        const response = await fetch(`${plain.issuer}/test/accounts`, { method: 'POST', body: '{"like": "demo"}' });
        expect(response.status).toBe(404);
      } finally {
        await plain.close();
      }
    });
  });

  describe('CORS', () => {
    it('answers the preflight of the app’s origins with the methods and headers it needs', async () => {
      for (const origin of [APP_ORIGIN, new URL(OTHER_APP).origin]) {
        const response = await fetch(`${op.booksUrl}/00000000-0000-4000-8000-000000000000`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'if-match' },
        });
        expect(response.status).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe(origin);
        expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
        expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, If-Match');
        expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
      }
    });

    it('lets the app read every answer, errors included, and grants another origin nothing', async () => {
      const created = await api(op, outsider.access_token, '', {
        method: 'POST',
        body: VALID,
        headers: { origin: APP_ORIGIN },
      });
      const refused = await api(op, null, '', { headers: { origin: APP_ORIGIN } });
      for (const response of [created, refused]) {
        expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
        expect(response.headers.get('access-control-expose-headers')).toBe('ETag, Location');
      }
      const evil = await api(op, demo.access_token, '', { headers: { origin: EVIL_ORIGIN } });
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  it('stays quiet on the console', () => {
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});
