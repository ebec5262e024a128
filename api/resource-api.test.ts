// @vitest-environment node
// The contract every resource keeps, on the handler over dynalite: a resource as `npm run new -- resource` makes it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { titledResource } from './resource.ts';
import { type Answer, APP_ORIGIN, BASE_URL, CLIENT_ID, claimsOf, startTestApi, type TestCaller } from './test-api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STRONG_ETAG = /^"[\w-]+"$/;
const MISSING = '00000000-0000-4000-8000-000000000000';
const EDITORS = 'notes-editors';
const NOTE = { title: 'Groceries', description: 'Milk, bread.' };

let clock = Date.parse('2026-12-01T10:00:00.000Z');
const logError = vi.fn();
let test: Awaited<ReturnType<typeof startTestApi>>;

beforeAll(async () => {
  test = await startTestApi({
    resources: { notes: titledResource(), tasks: titledResource() },
    permissions: { 'notes:delete': [EDITORS], 'tasks:delete': [EDITORS] },
    now: () => (clock += 1000),
    logError,
  });
});
afterAll(() => test?.close());

const call = (...args: Parameters<typeof test.call>) => test.call(...args);
const list = async (caller: TestCaller, query = '', path = '/notes') => {
  const answer = await call(path, caller, { query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    items: { id: string; title: string; updatedAt: string }[];
    total: number;
    page: number;
    pageSize: number;
  };
};
const create = async (caller: TestCaller, body: unknown = NOTE, path = '/notes') => {
  const answer = await call(path, caller, { method: 'POST', body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return {
    note: answer.body as { id: string; title: string; description: string; updatedAt: string },
    etag: answer.headers.etag!,
  };
};
const errorsOf = (answer: Answer) => {
  expect(answer.status).toBe(400);
  return answer.body.errors as Record<string, string>;
};

describe('the caller', () => {
  const expectRefused = (answer: Answer) => {
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(answer.body).toEqual({ error: 'invalid_token' });
  };

  it('comes from the verified claims only: none, another client, an ID token, no or a strange subject are 401', async () => {
    const caller = test.newCaller();
    const claims = claimsOf(caller);
    expectRefused(await call('/notes', null));
    expectRefused(await call('/notes', caller, { claims: { ...claims, client_id: 'another-app' } }));
    expectRefused(await call('/notes', caller, { claims: { ...claims, token_use: 'id' } }));
    const withoutClient = Object.fromEntries(Object.entries(claims).filter(([name]) => name !== 'client_id'));
    expectRefused(await call('/notes', caller, { claims: withoutClient }));
    expect((await call('/notes', caller, { claims: { ...withoutClient, aud: CLIENT_ID } })).status).toBe(200);
    for (const sub of [undefined, '', ' ', 'a b', 'x'.repeat(256), 42, ['a'], 'line\nbreak']) {
      expectRefused(await call('/notes', caller, { claims: { ...claims, sub } }));
    }
    // A header naming someone else changes nothing.
    const other = test.newCaller();
    await create(other);
    const headers = { 'x-user': other.sub, 'x-amzn-oidc-identity': other.sub, authorization: `Bearer ${other.sub}` };
    expect((await call('/notes', caller, { headers })).body.total).toBe(0);
  });

  it('is refused on every path and method before anything says whether an item exists', async () => {
    const { note } = await create(test.newCaller([EDITORS]));
    for (const [path, method] of [
      ['/notes', 'POST'],
      [`/notes/${note.id}`, 'GET'],
      [`/notes/${note.id}`, 'PUT'],
      [`/notes/${note.id}`, 'DELETE'],
      ['/notes/__proto__', 'GET'],
      ['/unknown', 'GET'],
      [`/notes/${note.id}`, 'PATCH'],
    ] as const) {
      expectRefused(await call(path, null, { method, body: method === 'GET' ? undefined : NOTE }));
    }
  });

  it('reads groups as API Gateway flattens them, or as an array', async () => {
    const owner = test.newCaller([EDITORS]);
    const first = await create(owner);
    const second = await create(owner);
    const asArray = { ...claimsOf(owner), 'cognito:groups': ['someone', EDITORS] };
    expect((await call(`/notes/${first.note.id}`, owner, { method: 'DELETE', claims: asArray })).status).toBe(204);
    const lookAlike = { ...claimsOf(owner), 'cognito:groups': `[${EDITORS}x]` };
    expect((await call(`/notes/${second.note.id}`, owner, { method: 'DELETE', claims: lookAlike })).status).toBe(403);
  });
});

describe('GET: the list', () => {
  it('starts empty for a new user, ten a page by title, with what the app needs to page', async () => {
    const caller = test.newCaller();
    const empty = await call('/notes', caller);
    expect(empty.headers['content-type']).toMatch(/^application\/json/);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.body).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
    const titles = Array.from({ length: 23 }, (_, index) => `Note ${index + 1}`);
    await Promise.all(titles.map((title) => create(caller, { title })));
    const pages = await Promise.all([1, 2, 3].map((page) => list(caller, `page=${page}`)));
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 3]);
    expect(pages[0]!.items.map((item) => item.title).slice(0, 3)).toEqual(['Note 1', 'Note 2', 'Note 3']);
    expect(pages.flatMap((page) => page.items.map((item) => item.title))).toEqual(titles);
    expect(await list(caller, 'page=4')).toEqual({ items: [], total: 23, page: 4, pageSize: 10 });
    expect((await list(caller, 'pageSize=100')).items).toHaveLength(23);
    for (const item of pages[0]!.items) {
      expect(Object.keys(item).sort()).toEqual(['description', 'id', 'title', 'updatedAt']);
      expect(item.id).toMatch(UUID);
      expect(new Date(item.updatedAt).toISOString()).toBe(item.updatedAt);
    }
  });

  it('sorts by title or by updatedAt, either way; equal keys keep one order by id', async () => {
    const caller = test.newCaller();
    for (const title of ['b', 'C', 'a', 'B']) await create(caller, { title });
    const titles = async (query: string) => (await list(caller, query)).items.map((item) => item.title);
    expect(await titles('sort=title')).toEqual(['a', 'b', 'B', 'C']);
    expect(await titles('sort=title&order=desc')).toEqual(['C', 'B', 'b', 'a']);
    expect(await titles('sort=updatedAt')).toEqual(['b', 'C', 'a', 'B']);
    expect(await titles('sort=updatedAt&order=desc')).toEqual(['B', 'a', 'C', 'b']);
    const twins = [await create(caller, { title: 'twin' }), await create(caller, { title: 'twin' })]
      .map(({ note }) => note.id)
      .sort();
    for (const order of ['asc', 'desc']) {
      expect((await list(caller, `q=twin&order=${order}`)).items.map((item) => item.id)).toEqual(twins);
    }
  });

  it('searches the title, ignoring case, accents and the spaces around it; the text is no pattern', async () => {
    const caller = test.newCaller();
    for (const title of ['Café menu', 'Garden plan', 'menu draft']) await create(caller, { title });
    const titles = async (q: string) => (await list(caller, `q=${encodeURIComponent(q)}`)).items.map((i) => i.title);
    expect(await titles('  MENU ')).toEqual(['Café menu', 'menu draft']);
    expect(await titles('cafe')).toEqual(['Café menu']);
    expect(await titles('.*')).toEqual([]);
    expect(await titles('Milk')).toEqual([]);
  });

  it('treats empty parameters as unset and ignores unknown ones', async () => {
    const caller = test.newCaller();
    await create(caller);
    expect(await list(caller, 'q=&sort=&order=&page=&pageSize=&limit=5&__proto__=x')).toEqual(await list(caller));
  });

  it('answers 400 naming each bad parameter: sizes and choices the handler allows', async () => {
    const caller = test.newCaller();
    const bad = async (query: string) => errorsOf(await call('/notes', caller, { query }));
    expect(await bad('page=0')).toEqual({ page: 'range' });
    expect(await bad('page=-1')).toEqual({ page: 'invalid' });
    expect(await bad('page=1.5')).toEqual({ page: 'invalid' });
    expect(await bad('page=99999999999999999999')).toEqual({ page: 'range' });
    expect(await bad('pageSize=101')).toEqual({ pageSize: 'range' });
    expect(await bad('pageSize=1e3')).toEqual({ pageSize: 'invalid' });
    expect(await bad('sort=author')).toEqual({ sort: 'invalid' });
    expect(await bad('sort=__proto__')).toEqual({ sort: 'invalid' });
    expect(await bad('order=up')).toEqual({ order: 'invalid' });
    expect(await bad('page=1&page=2')).toEqual({ page: 'invalid' });
    expect(await bad(`q=${'a'.repeat(201)}`)).toEqual({ q: 'tooLong' });
    expect(await bad(`q=${encodeURIComponent('📚'.repeat(201))}`)).toEqual({ q: 'tooLong' });
    expect((await list(caller, `q=${'a'.repeat(200)}&pageSize=100`)).total).toBe(0);
  });
});

describe('POST: a new item', () => {
  it('answers 201 with the item, its Location and ETag; trims the text; the handler makes the id', async () => {
    const caller = test.newCaller();
    const answer = await call('/notes', caller, {
      method: 'POST',
      body: {
        title: '  Groceries ',
        description: ' Milk.\n',
        id: 'chosen',
        updatedAt: '2000-01-01T00:00:00.000Z',
        owner: 'x',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(UUID),
      title: 'Groceries',
      description: 'Milk.',
      updatedAt: expect.any(String),
    });
    expect(answer.body.updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(answer.headers.location).toBe(`${BASE_URL}/notes/${answer.body.id}`);
    expect(answer.headers.etag).toMatch(STRONG_ETAG);
    const fetched = await call(`/notes/${answer.body.id}`, caller);
    expect(fetched.headers.etag).toBe(answer.headers.etag);
    expect(fetched.body).toEqual(answer.body);
  });

  it('takes each field at its longest, counting characters, not UTF-16 units', async () => {
    const caller = test.newCaller();
    const { note } = await create(caller, { title: '📚'.repeat(200), description: 'd'.repeat(2000) });
    expect([[...note.title].length, note.description.length]).toEqual([200, 2000]);
    expect((await create(caller, { title: 'Only a title' })).note.description).toBe('');
  });

  it('answers 400 with the error of each field', async () => {
    const caller = test.newCaller();
    const errors = async (body: unknown) =>
      errorsOf(await call('/notes', caller, { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
    expect(await errors({})).toEqual({ title: 'required' });
    expect(await errors({ title: '   ', description: null })).toEqual({ title: 'required' });
    expect(await errors({ title: 't'.repeat(201) })).toEqual({ title: 'tooLong' });
    expect(await errors({ title: '📚'.repeat(201) })).toEqual({ title: 'tooLong' });
    expect(await errors({ title: 'ok', description: 'd'.repeat(2001) })).toEqual({ description: 'tooLong' });
    expect(await errors({ title: 42, description: ['x'] })).toEqual({ title: 'invalid', description: 'invalid' });
    const hostile = '{"__proto__": {"title": "From the prototype"}, "constructor": {"title": "x"}}';
    expect(await errors(hostile)).toEqual({ title: 'required' });
    expect((await list(caller)).total).toBe(0);
  });

  it('refuses a body that is not a JSON object (400), not JSON (415) or over 16 KB (413)', async () => {
    const caller = test.newCaller();
    const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      call('/notes', caller, { method: 'POST', body, headers });
    for (const body of ['{"title": ', 'null', '[]', '"a note"', '42', '']) {
      expect(errorsOf(await post(body))).toEqual({ body: 'invalid' });
    }
    expect(errorsOf(await post(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])))).toEqual({ body: 'invalid' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', '']) {
      const answer = await post(JSON.stringify(NOTE), { 'content-type': type });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ error: 'unsupportedMediaType' });
    }
    expect((await post(JSON.stringify(NOTE), { 'content-type': 'Application/JSON; charset=utf-8' })).status).toBe(201);
    const padding = 'x'.repeat(16 * 1024);
    const huge = await post(JSON.stringify({ ...NOTE, padding }));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'tooLarge' });
    expect((await list(caller)).total).toBe(1);
  });
});

describe('GET, PUT and DELETE: one item', () => {
  it('answers 404 for an id no item of this user and resource has, or that is no id', async () => {
    const caller = test.newCaller([EDITORS]);
    const { note } = await create(caller);
    const { note: task } = await create(caller, NOTE, '/tasks');
    for (const id of [MISSING, note.id.toUpperCase(), task.id, '__proto__', 'constructor', `${note.id}%00`]) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const answer = await call(`/notes/${id}`, caller, {
          method,
          headers: { 'if-match': '*' },
          body: method === 'PUT' ? NOTE : undefined,
        });
        expect(answer.status, `${method} ${id}`).toBe(404);
        expect(answer.body).toEqual({ error: 'notFound' });
      }
    }
    for (const path of [
      '/notes/../x',
      '/notes/%2e%2e%2fx',
      `/notes/${note.id}/`,
      `/notes/${note.id}/x`,
      '/',
      '/unknown',
      '/__proto__',
      '/Notes',
    ]) {
      expect((await call(path, caller)).status, path).toBe(404);
    }
    expect((await call(`/notes/${note.id}`, caller)).status).toBe(200);
  });

  it('PUT needs If-Match (428), refuses a stale one (412) and answers 200 with a new ETag', async () => {
    const caller = test.newCaller();
    const { note, etag } = await create(caller);
    const put = (body: unknown, ifMatch?: string) =>
      call(`/notes/${note.id}`, caller, {
        method: 'PUT',
        body,
        headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
      });
    const without = await put({ title: 'Changed' });
    expect(without.status).toBe(428);
    expect(without.body).toEqual({ error: 'preconditionRequired' });
    const saved = await put({ title: 'Changed' }, etag);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: note.id, title: 'Changed', description: '' });
    expect(Date.parse(saved.body.updatedAt)).toBeGreaterThan(Date.parse(note.updatedAt));
    const newEtag = saved.headers.etag!;
    expect(newEtag).toMatch(STRONG_ETAG);
    expect(newEtag).not.toBe(etag);
    expect((await call(`/notes/${note.id}`, caller)).headers.etag).toBe(newEtag);
    const stale = await put({ title: 'Lost update' }, etag);
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ error: 'preconditionFailed' });
    for (const tag of [`W/${newEtag}`, newEtag.slice(1, -1), '"other"', 'garbage'])
      expect((await put(NOTE, tag)).status).toBe(412);
    expect((await call(`/notes/${note.id}`, caller)).body.title).toBe('Changed');
    expect((await put(NOTE, `"other", ${newEtag}`)).status).toBe(200);
    expect((await put({ title: 'Any version' }, '*')).status).toBe(200);
    expect(errorsOf(await put({ title: '' }, '*'))).toEqual({ title: 'required' });
  });

  it('DELETE needs the resource’s delete permission: 403 otherwise, even for no item; then 204 and 404', async () => {
    const outsider = test.newCaller(['someone-else']);
    const { note } = await create(outsider);
    for (const id of [note.id, MISSING]) {
      const refused = await call(`/notes/${id}`, outsider, { method: 'DELETE' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'forbidden' });
    }
    expect((await call(`/notes/${note.id}`, outsider)).status).toBe(200);

    const editor = test.newCaller([EDITORS]);
    const mine = await create(editor);
    const deleted = await call(`/notes/${mine.note.id}`, editor, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await call(`/notes/${mine.note.id}`, editor)).status).toBe(404);
    expect((await call(`/notes/${mine.note.id}`, editor, { method: 'DELETE' })).status).toBe(404);
    const put = await call(`/notes/${mine.note.id}`, editor, {
      method: 'PUT',
      body: NOTE,
      headers: { 'if-match': mine.etag },
    });
    expect(put.status).toBe(404);
  });

  it('DELETE with an If-Match deletes only that version', async () => {
    const editor = test.newCaller([EDITORS]);
    const { note, etag } = await create(editor);
    expect((await call(`/notes/${note.id}`, editor, { method: 'DELETE', headers: { 'if-match': '"9"' } })).status).toBe(
      412,
    );
    expect((await call(`/notes/${note.id}`, editor, { method: 'DELETE', headers: { 'if-match': etag } })).status).toBe(
      204,
    );
  });

  it('other methods get 405 with the ones allowed', async () => {
    const caller = test.newCaller();
    const { note } = await create(caller);
    const one = await call(`/notes/${note.id}`, caller, { method: 'PATCH', body: NOTE });
    expect(one.status).toBe(405);
    expect(one.headers.allow).toBe('GET, PUT, DELETE, OPTIONS');
    const all = await call('/notes', caller, { method: 'DELETE' });
    expect(all.status).toBe(405);
    expect(all.headers.allow).toBe('GET, POST, OPTIONS');
  });
});

describe('data per user and per resource', () => {
  it('what one user writes another never reads, changes or deletes; each resource keeps its own items', async () => {
    const [one, two] = [test.newCaller([EDITORS]), test.newCaller([EDITORS])];
    const { note, etag } = await create(one, { title: 'Mine' });
    expect((await list(two)).total).toBe(0);
    expect((await list(one, '', '/tasks')).total).toBe(0);
    expect((await call(`/notes/${note.id}`, two)).status).toBe(404);
    expect((await call(`/tasks/${note.id}`, one)).status).toBe(404);
    expect(
      (await call(`/notes/${note.id}`, two, { method: 'PUT', body: NOTE, headers: { 'if-match': '*' } })).status,
    ).toBe(404);
    expect((await call(`/notes/${note.id}`, two, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/notes/${note.id}`, one)).headers.etag).toBe(etag);
  });
});

describe('CORS', () => {
  it('lets the app’s origin read every answer, errors included, with ETag and Location exposed', async () => {
    const caller = test.newCaller();
    const headers = { origin: APP_ORIGIN };
    const answers = [
      await call('/notes', caller, { method: 'POST', body: NOTE, headers }),
      await call('/notes', null, { headers }),
      await call('/notes/__proto__', caller, { headers }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 401, 404]);
    for (const answer of answers) {
      expect(answer.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(answer.headers['access-control-expose-headers']).toBe('ETag, Location');
      expect(answer.headers.vary).toMatch(/\bOrigin\b/);
    }
  });

  it('answers the preflight of the app’s origin, and grants another origin nothing', async () => {
    const preflight = await call('/notes', null, { method: 'OPTIONS', headers: { origin: APP_ORIGIN } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': APP_ORIGIN,
      'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, If-Match',
    });
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    for (const origin of ['http://evil.test', 'null', `${APP_ORIGIN}.evil.test`, 'http://app.test:8080', '']) {
      const refused = await call('/notes', null, { method: 'OPTIONS', headers: { origin } });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(refused.headers['access-control-allow-methods']).toBeUndefined();
      const answer = await call('/notes', test.newCaller(), { headers: { origin } });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/\bOrigin\b/);
    }
  });
});

describe('a failure of the table', () => {
  it('is a 500 that says nothing of it, and is logged', async () => {
    const broken = await startTestApi({ resources: { notes: titledResource() }, logError });
    await broken.close();
    const answer = await broken.call('/notes', { sub: 'someone' });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: 'serverError' });
    expect(logError).toHaveBeenCalledOnce();
  });
});
