import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../config/parse-env';
import { connectReporter } from '../notice-bus';
import { connectSessionTokens } from '../session-tokens';
import { stubPage } from '../../test/stub-page';
import { createResourceClient, failureOf as failureOfError, ResourceError } from './resource-client';

// The client with the app's real http() and its access-token code; fetch and the token source are stand-ins.

const NOTES = 'https://api.example.com/v1/notes';
const env = parseEnv({ MODE: 'production', PROD: true, VITE_API_ORIGINS: 'https://api.example.com' });
const NOTE = {
  id: '0b7c2d4e-1a2b-4c3d-8e9f-000000000001',
  title: 'Dune',
  year: 1965,
  description: '',
  updatedAt: '2026-06-01T10:00:00.000Z',
};
const FIELDS = { title: 'Dune', year: 1965, description: '' };
const notes = createResourceClient<typeof NOTE, typeof FIELDS>({
  url: () => NOTES,
  record: z.object({
    id: z.string(),
    title: z.string(),
    year: z.number().int(),
    description: z.string(),
    updatedAt: z.string(),
  }),
  fields: ['title', 'year', 'description'],
});
const listNotes = notes.list;
const getNote = notes.get;
const createNote = notes.create;
const updateNote = notes.update;
const deleteNote = notes.remove;

type Answer = (request: { url: string; method: string; headers: Headers; body: string | null }) => Response;

function serve(answer: Answer) {
  const fetchMock = vi.fn<typeof fetch>(async (url, init) =>
    answer({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    }),
  );
  stubPage({ url: 'https://app.example.com/notes', apiOrigins: env.apiOrigins, fetch: fetchMock });
  return fetchMock;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof ResourceError ? failureOfError(error) : error),
  );

let disconnect = () => {};
let tokens = { current: 'token-1', renewals: 0 };
beforeEach(() => {
  tokens = { current: 'token-1', renewals: 0 };
  const held = () => ({ token: tokens.current, sub: 'user-1' });
  disconnect = connectSessionTokens({
    current: async () => held(),
    renew: async () => {
      tokens.renewals += 1;
      tokens.current = `token-${tokens.renewals + 1}`;
      return held();
    },
    end: () => undefined,
    idToken: async () => null,
  });
});
afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
});

describe('a resource client', () => {
  it('lists a page with the search as query parameters and the access token', async () => {
    const fetchMock = serve(() => json(200, { items: [NOTE], total: 1, page: 2, pageSize: 5 }));
    const page = await listNotes({ q: 'dune & co', sort: 'year', order: 'desc', page: 2, pageSize: 5 });
    expect(page).toEqual({ items: [NOTE], total: 1, page: 2, pageSize: 5 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${NOTES}?q=dune+%26+co&sort=year&order=desc&page=2&pageSize=5`);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    await listNotes({ sort: 'title', order: 'asc', page: 1, pageSize: 10 });
    expect(String(fetchMock.mock.calls[1]![0])).toBe(`${NOTES}?sort=title&order=asc&page=1&pageSize=10`);
  });

  it('keeps the ETag of a record and sends it back as If-Match', async () => {
    const fetchMock = serve(({ method, headers }) =>
      method === 'GET'
        ? json(200, NOTE, { ETag: '"v1"' })
        : json(200, { ...NOTE, title: 'Dune Messiah' }, { ETag: headers.get('If-Match') === '"v1"' ? '"v2"' : '' }),
    );
    const loaded = await getNote(NOTE.id);
    expect(loaded).toEqual({ record: NOTE, etag: '"v1"' });
    const saved = await updateNote(NOTE.id, { ...FIELDS, title: 'Dune Messiah' }, loaded.etag);
    expect(saved).toEqual({ record: { ...NOTE, title: 'Dune Messiah' }, etag: '"v2"' });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe(`${NOTES}/${NOTE.id}`);
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ ...FIELDS, title: 'Dune Messiah' });
  });

  it('creates with POST and gets the new version back', async () => {
    const fetchMock = serve(() => json(201, NOTE, { ETag: '"v1"', Location: `${NOTES}/${NOTE.id}` }));
    expect(await createNote(FIELDS)).toEqual({ record: NOTE, etag: '"v1"' });
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
  });

  it('renews the token once through http() on a 401 and retries', async () => {
    const fetchMock = serve(({ headers }) =>
      headers.get('Authorization') === 'Bearer token-2'
        ? json(200, NOTE, { ETag: '"v1"' })
        : json(401, { error: 'invalid_token' }),
    );
    expect((await getNote(NOTE.id)).record).toEqual(NOTE);
    expect(tokens.renewals).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says what went wrong, by status, without reporting it as an app error', async () => {
    const reporter = { error: vi.fn(), notice: vi.fn() };
    const disconnectReporter = connectReporter(reporter);
    for (const [status, failure] of [
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'notFound'],
      [409, 'conflict'],
      [412, 'conflict'],
      [428, 'preconditionRequired'],
      [429, 'rateLimited'],
      [503, 'failed'],
      [500, 'failed'],
      [415, 'failed'],
    ] as const) {
      serve(() => json(status, { error: 'x' }));
      expect(await failureOf(updateNote(NOTE.id, FIELDS, '"v1"')), String(status)).toBe(failure);
    }
    expect(reporter.error).not.toHaveBeenCalled();
    disconnectReporter();
  });

  it('gives a 400 its errors by field, and calls one without known fields a failure', async () => {
    serve(() => json(400, { errors: { title: 'required', year: 'range', __proto__: 'x', body: 'invalid' } }));
    const error = await createNote(FIELDS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResourceError);
    expect(error).toMatchObject({ failure: 'invalid', fieldErrors: { title: 'required', year: 'range' } });
    serve(() => json(400, { errors: { body: 'invalid' } }));
    expect(await failureOf(createNote(FIELDS))).toBe('failed');
    serve(() => new Response('not json', { status: 400 }));
    expect(await failureOf(createNote(FIELDS))).toBe('failed');
  });

  it('says offline when the browser is offline and the request cannot go out; a failure otherwise', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    stubPage({ url: 'https://app.example.com/notes', apiOrigins: env.apiOrigins, fetch: fetchMock });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await failureOf(updateNote(NOTE.id, FIELDS, '"v1"'))).toBe('offline');
    onLine.mockReturnValue(true);
    expect(await failureOf(deleteNote(NOTE.id))).toBe('failed');
  });

  it('refuses answers that are not what the contract says', async () => {
    serve(() => json(200, { ...NOTE, year: '1965' }, { ETag: '"v1"' }));
    expect(await failureOf(getNote(NOTE.id))).toBe('failed');
    serve(() => json(200, NOTE));
    expect(await failureOf(getNote(NOTE.id))).toBe('failed');
    serve(() => json(200, { items: 'all', total: 1, page: 1, pageSize: 10 }));
    expect(await failureOf(listNotes({ sort: 'title', order: 'asc', page: 1, pageSize: 10 }))).toBe('failed');
  });

  it('sends no request for an id that could reach another path', async () => {
    const fetchMock = serve(() => json(200, NOTE, { ETag: '"v1"' }));
    for (const id of ['..', '.', '../x', 'a/b', 'a?b=1', 'a#b', '%2e%2e', '', 'x'.repeat(129)]) {
      expect(await failureOf(getNote(id)), id).toBe('notFound');
      expect(await failureOf(deleteNote(id)), id).toBe('notFound');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('deletes with DELETE', async () => {
    const fetchMock = serve(() => new Response(null, { status: 204 }));
    await deleteNote(NOTE.id);
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
  });
});
