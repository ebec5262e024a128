// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { bookForm } from '../../src/features/books/book-schema';
import { fieldErrorsFrom } from '../../src/lib/resources/field-errors';
import { isValidIsbn as appIsValidIsbn } from '../../src/features/books/isbn';
import { isValidIsbn, validateBook } from './books-rules.mjs';
import { DEMO_BOOKS } from './books-seed.mjs';
import { DEMO_ACCOUNT, OUTSIDER_ACCOUNT, startOidcProvider } from './oidc-provider.mjs';

// The Books API against the real provider: tokens come from its sign-in form and token endpoint, as the app's do.

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

describe('the Books API', () => {
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

  beforeEach(() => op.resetBooks());

  afterAll(async () => {
    await op?.close();
    for (const spy of consoleSpies) spy.mockRestore();
  });

  const list = async (query = '', token = demo.access_token) => {
    const response = await api(op, token, query === '' ? '' : `?${query}`);
    expect(response.status).toBe(200);
    return json<Page>(response);
  };
  const create = async (book: Record<string, unknown> = VALID, token = demo.access_token) => {
    const response = await api(op, token, '', { method: 'POST', body: book });
    expect(response.status).toBe(201);
    return { book: await json<Book>(response), etag: response.headers.get('etag')! };
  };
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await json<{ errors: Record<string, string> }>(response)).errors;
  };

  describe('refuses a call without a valid access token of the app', () => {
    const expectRefused = async (response: Response) => {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(await response.json()).toEqual({ error: 'invalid_token' });
    };

    it('none, another scheme, garbage, an over-long token, the ID token', async () => {
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
      const { book } = await create();
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
      const forOtherApp = await startOidcProvider({ redirectUris: [APP], booksClientId: 'another-app' });
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

  describe('GET: the list', () => {
    it('starts with the demo account’s 25 books: page 1 of 10, by title', async () => {
      const response = await api(op, demo.access_token);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const page = await json<Page>(response);
      expect(page).toMatchObject({ total: 25, page: 1, pageSize: 10 });
      expect(page.items.map((book) => book.title)).toEqual([
        'A Wizard of Earthsea',
        'Beloved',
        'Brave New World',
        'Don Quixote',
        'Dune',
        'Frankenstein',
        'Gödel, Escher, Bach',
        'Leviathan',
        'Moby-Dick',
        'Mrs Dalloway',
      ]);
      for (const book of page.items) {
        expect(Object.keys(book).sort()).toEqual(['author', 'description', 'id', 'isbn', 'title', 'updatedAt', 'year']);
        expect(book.id).toMatch(UUID);
        expect(new Date(book.updatedAt).toISOString()).toBe(book.updatedAt);
      }
    });

    it('pages through all of them, each once; past the last page the list is empty', async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => list(`page=${page}`)));
      expect(pages.map((page) => page.items.length)).toEqual([10, 10, 5]);
      const ids = pages.flatMap((page) => page.items.map((book) => book.id));
      expect(new Set(ids).size).toBe(25);
      expect((await list('pageSize=100')).items.map((book) => book.id)).toEqual(ids);
      expect(await list('page=4')).toEqual({ items: [], total: 25, page: 4, pageSize: 10 });
      const small = await list('page=13&pageSize=2');
      expect(small).toMatchObject({ total: 25, page: 13, pageSize: 2 });
      expect(small.items).toHaveLength(1);
    });

    it('sorts by year, author or title, either way; equal keys go by title, then id', async () => {
      const years = (await list('sort=year&pageSize=100')).items;
      expect(years.map((book) => book.year)).toEqual([...years.map((book) => book.year)].sort((a, b) => a - b));
      expect(years[0]?.title).toBe('Utopia');
      const byYearDesc = (await list('sort=year&order=desc&pageSize=100')).items;
      expect(byYearDesc[0]?.title).toBe('Project Hail Mary');
      for (const books of [years, byYearDesc]) {
        const of1925 = books.filter((book) => book.year === 1925).map((book) => book.title);
        expect(of1925).toEqual(['Mrs Dalloway', 'The Great Gatsby']);
      }

      const authors = (await list('sort=author&pageSize=100')).items.map((book) => `${book.author}: ${book.title}`);
      expect(authors[0]).toBe('Aldous Huxley: Brave New World');
      expect(authors.filter((entry) => entry.startsWith('Ursula'))).toEqual([
        'Ursula K. Le Guin: A Wizard of Earthsea',
        'Ursula K. Le Guin: The Left Hand of Darkness',
      ]);
      const titlesDesc = (await list('sort=title&order=desc&pageSize=3')).items.map((book) => book.title);
      expect(titlesDesc).toEqual(['Wuthering Heights', 'Utopia', 'To Kill a Mockingbird']);

      // Two books alike in title, author and year keep one order on every call, whatever the order asked.
      const twins = [await create(), await create()].map(({ book }) => book.id).sort();
      for (const order of ['asc', 'desc']) {
        const found = await list(`q=dispossessed&sort=year&order=${order}`);
        expect(found.items.map((book) => book.id)).toEqual(twins);
      }
    });

    it('searches title or author, ignoring case, accents and the spaces around it', async () => {
      const titles = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).items.map((book) => book.title);
      expect(await titles('le guin')).toEqual(['A Wizard of Earthsea', 'The Left Hand of Darkness']);
      expect(await titles('HOBBIT')).toEqual(['The Hobbit']);
      expect(await titles('  garcia  ')).toEqual(['One Hundred Years of Solitude']);
      expect(await titles('GÖDEL')).toEqual(['Gödel, Escher, Bach']);
      expect(await titles('brontë')).toEqual(['Wuthering Heights']);
      expect(await list('q=zzzz')).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
      const the = await list('q=the&pageSize=2');
      expect(the.total).toBe(8);
      expect(the.items).toHaveLength(2);
      // Search text is data: no pattern syntax.
      expect((await list(`q=${encodeURIComponent('.*')}`)).total).toBe(0);
    });

    it('treats empty parameters as unset and ignores unknown ones', async () => {
      expect(await list('q=&sort=&order=&page=&pageSize=&limit=5&__proto__=x')).toEqual(await list());
    });

    it('answers 400 naming each bad parameter', async () => {
      const bad = async (query: string) => errorsOf(await api(op, demo.access_token, `?${query}`));
      expect(await bad('page=0')).toEqual({ page: 'range' });
      expect(await bad('page=-1')).toEqual({ page: 'invalid' });
      expect(await bad('page=99999999999999999999')).toEqual({ page: 'range' });
      expect(await bad('page=1.5')).toEqual({ page: 'invalid' });
      expect(await bad('page=%202%20')).toEqual({ page: 'invalid' });
      expect(await bad('page=2abc')).toEqual({ page: 'invalid' });
      expect(await bad('pageSize=0')).toEqual({ pageSize: 'range' });
      expect(await bad('pageSize=101')).toEqual({ pageSize: 'range' });
      expect(await bad('pageSize=1e3')).toEqual({ pageSize: 'invalid' });
      expect(await bad('sort=__proto__')).toEqual({ sort: 'invalid' });
      expect(await bad('sort=Title')).toEqual({ sort: 'invalid' });
      expect(await bad('order=up')).toEqual({ order: 'invalid' });
      expect(await bad('page=1&page=2')).toEqual({ page: 'invalid' });
      expect(await bad(`q=${'a'.repeat(201)}`)).toEqual({ q: 'tooLong' });
      expect(await bad('sort=x&order=y&page=0&pageSize=x')).toEqual({
        sort: 'invalid',
        order: 'invalid',
        page: 'range',
        pageSize: 'invalid',
      });
      expect((await list(`q=${'a'.repeat(200)}`)).total).toBe(0);
      expect((await list('pageSize=1')).items).toHaveLength(1);
    });
  });

  describe('POST: a new book', () => {
    it('answers 201 with the book, its Location and ETag; trims text and stores the ISBN bare', async () => {
      const response = await api(op, demo.access_token, '', {
        method: 'POST',
        body: { ...VALID, title: '  The Dispossessed ', description: ' An ambiguous utopia.\n' },
      });
      expect(response.status).toBe(201);
      const book = await json<Book>(response);
      expect(book).toEqual({
        id: expect.stringMatching(UUID),
        title: 'The Dispossessed',
        author: 'Ursula K. Le Guin',
        year: 1974,
        isbn: '9780060512750',
        description: 'An ambiguous utopia.',
        updatedAt: expect.any(String),
      });
      expect(Math.abs(Date.parse(book.updatedAt) - Date.now())).toBeLessThan(60_000);
      expect(response.headers.get('location')).toBe(`${op.booksUrl}/${book.id}`);
      expect(response.headers.get('etag')).toMatch(STRONG_ETAG);

      const fetched = await api(op, demo.access_token, `/${book.id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('etag')).toBe(response.headers.get('etag'));
      expect(await fetched.json()).toEqual(book);
      expect((await list()).total).toBe(26);
    });

    it('takes an ISBN-10 with an X and no ISBN or description at all', async () => {
      const { book } = await create({ title: 'T', author: 'A', year: 1450, isbn: '0-201-61622-x' });
      expect(book).toMatchObject({ isbn: '020161622X', description: '', year: 1450 });
      const bare = await create({ title: 'T', author: 'A', year: new Date().getUTCFullYear(), isbn: ' ' });
      expect(bare.book.isbn).toBe('');
    });

    it('takes each field at its longest', async () => {
      const { book } = await create({
        title: 't'.repeat(200),
        author: 'a'.repeat(100),
        year: 2000,
        description: 'd'.repeat(2000),
      });
      expect([book.title.length, book.author.length, book.description.length]).toEqual([200, 100, 2000]);
      // A character is a code point: 200 emoji are 400 UTF-16 units and still a title of 200 characters.
      expect((await create({ ...VALID, title: '📚'.repeat(200) })).book.title).toBe('📚'.repeat(200));
    });

    it('answers 400 with the error of each field', async () => {
      const errors = async (book: Record<string, unknown>) =>
        errorsOf(await api(op, demo.access_token, '', { method: 'POST', body: book }));
      expect(await errors({})).toEqual({ title: 'required', author: 'required', year: 'required' });
      expect(await errors({ ...VALID, title: '   ', author: null, year: '' })).toEqual({
        title: 'required',
        author: 'required',
        year: 'required',
      });
      expect(await errors({ ...VALID, title: 't'.repeat(201) })).toEqual({ title: 'tooLong' });
      expect(await errors({ ...VALID, author: 'a'.repeat(101) })).toEqual({ author: 'tooLong' });
      expect(await errors({ ...VALID, description: 'd'.repeat(2001) })).toEqual({ description: 'tooLong' });
      expect(await errors({ ...VALID, title: '📚'.repeat(201) })).toEqual({ title: 'tooLong' });
      expect(await errors({ ...VALID, year: 1449 })).toEqual({ year: 'range' });
      expect(await errors({ ...VALID, year: new Date().getUTCFullYear() + 2 })).toEqual({ year: 'range' });
      expect(await errors({ ...VALID, year: -1999 })).toEqual({ year: 'range' });
      expect(await errors({ ...VALID, year: '1999' })).toEqual({ year: 'invalid' });
      expect(await errors({ ...VALID, year: 1999.5 })).toEqual({ year: 'invalid' });
      expect(await errors({ ...VALID, isbn: '978-0-06-051275-1' })).toEqual({ isbn: 'invalid' });
      expect(await errors({ ...VALID, isbn: '0-201-61622-0' })).toEqual({ isbn: 'invalid' });
      expect(await errors({ ...VALID, isbn: '12345' })).toEqual({ isbn: 'invalid' });
      expect(await errors({ ...VALID, isbn: 9780060512750 })).toEqual({ isbn: 'invalid' });
      expect(await errors({ title: 42, author: ['x'], year: { value: 1999 }, isbn: true, description: 7 })).toEqual({
        title: 'invalid',
        author: 'invalid',
        year: 'invalid',
        isbn: 'invalid',
        description: 'invalid',
      });
    });

    it('reads only the body’s own fields: __proto__, constructor and unknown fields give nothing', async () => {
      const hostile = '{"__proto__": {"title": "From the prototype", "year": 1999}, "constructor": {"author": "x"}}';
      expect(await errorsOf(await api(op, demo.access_token, '', { method: 'POST', body: hostile }))).toEqual({
        title: 'required',
        author: 'required',
        year: 'required',
      });
      expect(({} as Record<string, unknown>).title).toBeUndefined();

      const { book } = await create({
        ...VALID,
        id: 'chosen-id',
        updatedAt: '2000-01-01T00:00:00.000Z',
        owner: 'someone',
        __proto__: { isAdmin: true },
      });
      expect(book.id).toMatch(UUID);
      expect(book.updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
      expect(book).not.toHaveProperty('owner');
      expect(book).not.toHaveProperty('isAdmin');
    });

    it('refuses a body that is not a JSON object (400), not JSON (415) or too large (413)', async () => {
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        api(op, demo.access_token, '', { method: 'POST', body, headers });
      for (const body of ['{"title": ', 'null', '[]', '"a book"', '42', '']) {
        expect(await errorsOf(await post(body))).toEqual({ body: 'invalid' });
      }
      const notUtf8 = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
      expect(await errorsOf(await post(notUtf8))).toEqual({ body: 'invalid' });

      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
        const response = await post(JSON.stringify(VALID), { 'content-type': contentType });
        expect(response.status).toBe(415);
        expect(await response.json()).toEqual({ error: 'unsupportedMediaType' });
      }
      expect((await post(JSON.stringify(VALID), { 'content-type': 'Application/JSON; charset=utf-8' })).status).toBe(
        201,
      );

      const huge = await post({ ...VALID, description: 'x'.repeat(1024 * 1024) });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toEqual({ error: 'tooLarge' });
      expect((await list()).total).toBe(26);
    });
  });

  describe('GET, PUT and DELETE: one book', () => {
    it('answers 404 for an id no book of this user has, or that is not an id', async () => {
      const { book } = await create();
      const raw = (path: string) =>
        new Promise<number>((resolve, reject) => {
          const url = new URL(op.booksUrl);
          httpRequest(
            { host: url.hostname, port: url.port, path, headers: { authorization: `Bearer ${demo.access_token}` } },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          )
            .on('error', reject)
            .end();
        });
      for (const id of ['00000000-0000-4000-8000-000000000000', book.id.toUpperCase(), '__proto__', 'constructor']) {
        for (const method of ['GET', 'PUT', 'DELETE']) {
          const response = await api(op, demo.access_token, `/${id}`, {
            method,
            headers: { 'if-match': '*' },
            body: method === 'PUT' ? VALID : undefined,
          });
          expect(response.status).toBe(404);
          expect(await response.json()).toEqual({ error: 'notFound' });
        }
      }
      for (const path of ['/../x', '/%2e%2e%2fx', `/${book.id}/`, `/${book.id}/x`, '/', `/${book.id}%00`]) {
        expect(await raw(`/api/books${path}`)).toBe(404);
      }
      expect(await raw(`/api/books/${book.id}`)).toBe(200);
    });

    it('PUT needs If-Match (428), refuses a stale one (412) and answers 200 with a new ETag', async () => {
      const { book, etag } = await create();
      const put = (body: unknown, ifMatch?: string) =>
        api(op, demo.access_token, `/${book.id}`, {
          method: 'PUT',
          body,
          headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
        });

      const without = await put({ ...VALID, title: 'Changed' });
      expect(without.status).toBe(428);
      expect(await without.json()).toEqual({ error: 'preconditionRequired' });

      const saved = await put({ ...VALID, title: ' The Dispossessed: An Ambiguous Utopia ' }, etag);
      expect(saved.status).toBe(200);
      const newEtag = saved.headers.get('etag')!;
      expect(newEtag).toMatch(STRONG_ETAG);
      expect(newEtag).not.toBe(etag);
      const savedBook = await json<Book>(saved);
      expect(savedBook).toMatchObject({ id: book.id, title: 'The Dispossessed: An Ambiguous Utopia', isbn: book.isbn });
      expect(Date.parse(savedBook.updatedAt)).toBeGreaterThanOrEqual(Date.parse(book.updatedAt));
      const fetched = await api(op, demo.access_token, `/${book.id}`);
      expect(fetched.headers.get('etag')).toBe(newEtag);
      expect(await fetched.json()).toEqual(savedBook);

      // The first version's ETag is stale now: the book changed since.
      const stale = await put({ ...VALID, title: 'Lost update' }, etag);
      expect(stale.status).toBe(412);
      expect(await stale.json()).toEqual({ error: 'preconditionFailed' });
      for (const tag of [`W/${newEtag}`, newEtag.slice(1, -1), '"other"', 'garbage']) {
        expect((await put(VALID, tag)).status).toBe(412);
      }
      expect((await json<Book>(await api(op, demo.access_token, `/${book.id}`))).title).toBe(
        'The Dispossessed: An Ambiguous Utopia',
      );

      // A list of tags matches when one does; * matches any version.
      expect((await put(VALID, `"other", ${newEtag}`)).status).toBe(200);
      expect((await put({ ...VALID, description: 'Any version' }, '*')).status).toBe(200);
    });

    it('PUT replaces the whole book: left-out optional fields become empty; a bad body is a 400', async () => {
      const { book, etag } = await create({ ...VALID, description: 'Kept?' });
      const replaced = await api(op, demo.access_token, `/${book.id}`, {
        method: 'PUT',
        headers: { 'if-match': etag },
        body: { title: 'Only required', author: 'Someone', year: 2001, id: 'other' },
      });
      expect(replaced.status).toBe(200);
      const current = await json<Book>(replaced);
      expect(current).toMatchObject({ id: book.id, isbn: '', description: '' });

      const invalid = await api(op, demo.access_token, `/${book.id}`, {
        method: 'PUT',
        headers: { 'if-match': replaced.headers.get('etag')! },
        body: { title: '', author: 'Someone', year: 1000, isbn: 'x' },
      });
      expect(await errorsOf(invalid)).toEqual({ title: 'required', year: 'range', isbn: 'invalid' });
      const notJson = await api(op, demo.access_token, `/${book.id}`, {
        method: 'PUT',
        headers: { 'if-match': replaced.headers.get('etag')! },
        body: 'title=x',
      });
      expect(await errorsOf(notJson)).toEqual({ body: 'invalid' });
      expect(await json(await api(op, demo.access_token, `/${book.id}`))).toEqual(current);
    });

    it('DELETE: a member of snxt-editors gets 204, then the book is gone (404)', async () => {
      expect(DEMO_ACCOUNT.groups).toContain('snxt-editors');
      const [first] = (await list()).items;
      const deleted = await api(op, demo.access_token, `/${first!.id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe('');
      expect((await api(op, demo.access_token, `/${first!.id}`)).status).toBe(404);
      expect((await api(op, demo.access_token, `/${first!.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await list()).total).toBe(24);
    });

    it('DELETE with an If-Match deletes only that version', async () => {
      const { book, etag } = await create();
      const stale = await api(op, demo.access_token, `/${book.id}`, {
        method: 'DELETE',
        headers: { 'if-match': '"x"' },
      });
      expect(stale.status).toBe(412);
      const current = await api(op, demo.access_token, `/${book.id}`, {
        method: 'DELETE',
        headers: { 'if-match': etag },
      });
      expect(current.status).toBe(204);
    });

    it('DELETE: anyone outside snxt-editors gets 403, even for their own book, which stays', async () => {
      expect(OUTSIDER_ACCOUNT.groups).not.toContain('snxt-editors');
      const { book } = await create(VALID, outsider.access_token);
      for (const id of [book.id, '00000000-0000-4000-8000-000000000000']) {
        const refused = await api(op, outsider.access_token, `/${id}`, { method: 'DELETE' });
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({ error: 'forbidden' });
      }
      expect((await api(op, outsider.access_token, `/${book.id}`)).status).toBe(200);
    });

    it('other methods get 405 with the ones allowed', async () => {
      const { book } = await create();
      const one = await api(op, demo.access_token, `/${book.id}`, { method: 'PATCH', body: VALID });
      expect(one.status).toBe(405);
      expect(one.headers.get('allow')).toBe('GET, PUT, DELETE, OPTIONS');
      const all = await api(op, demo.access_token, '', { method: 'DELETE' });
      expect(all.status).toBe(405);
      expect(all.headers.get('allow')).toBe('GET, POST, OPTIONS');
      expect((await list()).total).toBe(26);
    });
  });

  describe('data per user', () => {
    it('the outsider starts with no books; what one user writes the other never sees', async () => {
      expect(await list('', outsider.access_token)).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
      const { book: theirs, etag } = await create({ ...VALID, title: 'Outsider’s own' }, outsider.access_token);
      expect((await list('q=outsider', demo.access_token)).total).toBe(0);
      expect((await list()).total).toBe(25);

      const [demosBook] = (await list()).items;
      for (const [token, id] of [
        [outsider.access_token, demosBook!.id],
        [demo.access_token, theirs.id],
      ] as const) {
        expect((await api(op, token, `/${id}`)).status).toBe(404);
        const put = await api(op, token, `/${id}`, { method: 'PUT', body: VALID, headers: { 'if-match': '*' } });
        expect(put.status).toBe(404);
      }
      expect((await api(op, demo.access_token, `/${theirs.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await api(op, outsider.access_token, `/${theirs.id}`)).headers.get('etag')).toBe(etag);
      expect((await list('', outsider.access_token)).items.map((book) => book.title)).toEqual(['Outsider’s own']);
    });

    it('resetBooks() gives every user their starting books again', async () => {
      await create();
      await create(VALID, outsider.access_token);
      op.resetBooks();
      expect((await list()).total).toBe(25);
      expect((await list('', outsider.access_token)).total).toBe(0);
    });

    it('a test account (POST /test/accounts) is a fresh copy of the demo or outsider, with its own books', async () => {
      const make = (body: string) => fetch(`${op.issuer}/test/accounts`, { method: 'POST', body });
      const response = await make('{"like": "demo"}');
      expect(response.status).toBe(201);
      const copy = await json<Account & { sub: string; name: string; groups: string[] }>(response);
      expect(copy).toMatchObject({ name: DEMO_ACCOUNT.name, groups: [...DEMO_ACCOUNT.groups] });
      expect(copy.sub).not.toBe(DEMO_ACCOUNT.sub);
      expect(copy.email).toMatch(/^demo\+[0-9a-f]{8}@snxt\.dev$/);
      const tokens = await signIn(op, copy);
      const [first] = (await list('', tokens.access_token)).items;
      expect((await api(op, tokens.access_token, `/${first!.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await list('', tokens.access_token)).total).toBe(24);
      expect((await list()).total).toBe(25);

      const outsiderCopy = await json<Account>(await make('{"like": "outsider"}'));
      const outsiderTokens = await signIn(op, outsiderCopy);
      expect((await list('', outsiderTokens.access_token)).total).toBe(0);
      const { book } = await create(VALID, outsiderTokens.access_token);
      expect((await api(op, outsiderTokens.access_token, `/${book.id}`, { method: 'DELETE' })).status).toBe(403);

      for (const body of ['{"like": "__proto__"}', '{"like": "admin"}', '{}', 'null', 'x']) {
        expect((await make(body)).status).toBe(400);
      }
      expect((await fetch(`${op.issuer}/test/accounts`)).status).toBe(405);
    });

    it('a provider started without testAccounts has no /test/accounts', async () => {
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
        for (const path of ['', '/00000000-0000-4000-8000-000000000000']) {
          const response = await fetch(`${op.booksUrl}${path}`, {
            method: 'OPTIONS',
            headers: {
              origin,
              'access-control-request-method': 'PUT',
              'access-control-request-headers': 'authorization, content-type, if-match',
            },
          });
          expect(response.status).toBe(204);
          expect(response.headers.get('access-control-allow-origin')).toBe(origin);
          expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
          expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, If-Match');
          expect(response.headers.get('access-control-allow-credentials')).toBeNull();
          expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
        }
      }
    });

    it('grants nothing to another origin', async () => {
      for (const origin of [EVIL_ORIGIN, 'null', `${APP_ORIGIN}.evil.test`, 'http://127.0.0.1:4174']) {
        const preflight = await fetch(op.booksUrl, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'DELETE' },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
        expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
        const response = await api(op, demo.access_token, '', { headers: { origin } });
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(response.headers.get('access-control-expose-headers')).toBeNull();
        expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
      }
    });

    it('lets the app read every answer, errors included, with ETag and Location exposed', async () => {
      const headers = { origin: APP_ORIGIN };
      const created = await api(op, demo.access_token, '', { method: 'POST', body: VALID, headers });
      const refused = await api(op, null, '', { headers });
      const missing = await api(op, demo.access_token, '/__proto__', { headers });
      for (const response of [created, refused, missing]) {
        expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
        expect(response.headers.get('access-control-expose-headers')).toBe('ETag, Location');
        expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
      }
      expect([created.status, refused.status, missing.status]).toEqual([201, 401, 404]);
    });
  });

  it('stays quiet on the console', () => {
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});

describe('the demo books', () => {
  it('are 25 real books: valid ISBNs where there is one, a spread of years, some with a description', () => {
    expect(DEMO_BOOKS).toHaveLength(25);
    expect(new Set(DEMO_BOOKS.map((book) => book.title)).size).toBe(25);
    const withIsbn = DEMO_BOOKS.filter((book) => book.isbn !== '');
    expect(withIsbn.length).toBeGreaterThanOrEqual(18);
    expect(withIsbn.filter((book) => book.isbn.length === 10).length).toBeGreaterThanOrEqual(2);
    for (const book of withIsbn) expect(isValidIsbn(book.isbn), book.title).toBe(true);
    expect(DEMO_BOOKS.filter((book) => book.description !== '').length).toBeGreaterThanOrEqual(8);
    expect(new Set(DEMO_BOOKS.map((book) => book.year)).size).toBeGreaterThanOrEqual(20);
    for (const book of DEMO_BOOKS) {
      expect(book.year).toBeGreaterThanOrEqual(1450);
      expect(book.year).toBeLessThanOrEqual(new Date().getFullYear());
    }
  });
});

describe('isValidIsbn (server)', () => {
  it('checks ISBN-10 (X as 10) and ISBN-13 (978/979) checksums, ignoring hyphens and spaces', () => {
    for (const isbn of ['0-201-61622-X', '020161622x', '978 0 13 468599 1', '9791032305690', '0-465-02656-7']) {
      expect(isValidIsbn(isbn), isbn).toBe(true);
    }
    for (const isbn of ['0-201-61622-9', 'X201616220', '9770134685992', '9780134685992', '97801346859', '']) {
      expect(isValidIsbn(isbn), isbn).toBe(false);
    }
    for (const isbn of ['978013468599１', '0201６1622X', '0201-61622-X\u0000', '__proto__', '0'.repeat(10_000)]) {
      expect(isValidIsbn(isbn), isbn).toBe(false);
    }
  });
});

describe("the app's rules and the API's", () => {
  it('agree on ISBNs, real and random', () => {
    const samples = ['0-201-61622-X', '978 0 13 468599 1', '9770134685992', ' ', '020161622x', 'X201616220'];
    for (let index = 0; index < 3000; index += 1) {
      const length = index % 2 === 0 ? 10 : 13;
      const prefix = index % 4 < 2 ? '' : '978';
      const digits = Array.from(
        { length: length - prefix.length },
        () => '0123456789X-'[Math.floor(Math.random() * 12)],
      );
      samples.push(prefix + digits.join(''));
    }
    const accepted = samples.filter((isbn) => appIsValidIsbn(isbn));
    expect(accepted.length).toBeGreaterThan(20);
    for (const isbn of samples) expect(appIsValidIsbn(isbn), isbn).toBe(isValidIsbn(isbn));
  });

  it('give the same error for the same field', () => {
    const valid = { title: 'Dune', author: 'Frank Herbert', year: '1965', isbn: '', description: '' };
    const cases = [
      valid,
      { ...valid, title: '', author: ' ', year: '' },
      { ...valid, title: ` ${'t'.repeat(200)} `, author: 'a'.repeat(100), description: 'd'.repeat(2000) },
      { ...valid, title: 't'.repeat(201), author: 'a'.repeat(101), description: 'd'.repeat(2001) },
      { ...valid, title: '📚'.repeat(200), author: '📚'.repeat(101), description: 'é'.repeat(2000) },
      { ...valid, year: '1449' },
      { ...valid, year: '1450', isbn: '978-0-06-051275-0' },
      { ...valid, year: '99999', isbn: '978-0-06-051275-1' },
      { ...valid, isbn: '0-201-61622-X', description: '\n' },
    ];
    const thisYear = new Date();
    for (const values of cases) {
      const app = bookForm(thisYear).safeParse(values);
      const body = { ...values, year: values.year.trim() === '' ? null : Number(values.year) };
      const api = validateBook(body, thisYear.getFullYear());
      expect(app.success ? {} : fieldErrorsFrom(app.error.issues, Object.keys(values)), JSON.stringify(values)).toEqual(
        api.errors ?? {},
      );
      if (app.success) expect(app.data).toEqual(api.fields);
    }
  });
});
