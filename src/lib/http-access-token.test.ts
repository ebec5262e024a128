import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../config/parse-env';
import { stubPage } from '../test/stub-page';
import { http, HttpError, NetworkError } from './http';
import { connectReporter } from './notice-bus';
import { connectSessionTokens, type AccessToken } from './session-tokens';
import type { AccessTokenSource } from './with-access-token';

// The helper, the token door and its single-flight renewal together; only fetch and the
// sign-in feature's token source are stand-ins.

const PAGE = 'https://app.example.com/profile';
const API = 'https://api.example.com';
const apiOrigins = parseEnv({ MODE: 'production', PROD: true, VITE_API_ORIGINS: API }).apiOrigins;

let disconnect: () => void = () => {};
afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
});

/** A token source holding `token` of user-1; renewals hand out `renewed` (null: the renewal failed). */
function connectSource({
  token = 'access-1' as string | null,
  renewed = 'access-2' as string | null,
  renewDelayMs = 0,
} = {}) {
  const held = (value: string | null): AccessToken | null => (value === null ? null : { token: value, sub: 'user-1' });
  const source = {
    current: vi.fn(async () => held(token)),
    renew: vi.fn(async (refused: string) => {
      await new Promise((resolve) => setTimeout(resolve, renewDelayMs));
      if (refused === token) token = renewed;
      return held(renewed);
    }),
    end: vi.fn(),
  } satisfies AccessTokenSource;
  disconnect = connectSessionTokens({ ...source, idToken: async () => null });
  return source;
}

/** fetch answering with `status(authorization)`; records what each request carried. */
function server(status: (authorization: string | null) => number = () => 200) {
  const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
    const authorization = new Headers(init?.headers).get('Authorization');
    return new Response('{}', { status: status(authorization) });
  });
  stubPage({ url: PAGE, cookies: 'XSRF-TOKEN=x', apiOrigins, fetch: fetchMock });
  const sent = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      authorization: new Headers(init?.headers).get('Authorization'),
    }));
  return { http, fetchMock, sent };
}

/** The API accepts only `valid`. */
const acceptsOnly = (valid: string) => (authorization: string | null) =>
  authorization === `Bearer ${valid}` ? 200 : 401;

describe('which requests carry the access token', () => {
  it('sends it to a listed API origin only', async () => {
    connectSource();
    const { http, sent } = server();
    const urls = [
      `${API}/items`,
      'https://api.example.com.evil.com/items',
      'https://evil.com/api.example.com',
      'https://api.example.com@evil.com/',
      'http://api.example.com/items',
      'https://api.example.com:8443/items',
      '/assets/i18n/en.json',
      `${PAGE}/api`,
    ];
    for (const url of urls) await http(url, { handleErrors: true });
    expect(sent().filter((request) => request.authorization)).toEqual([
      { url: `${API}/items`, authorization: 'Bearer access-1' },
    ]);
  });

  it('sends it to the app itself only with self listed', async () => {
    connectSource();
    const self = parseEnv({ MODE: 'production', PROD: true, VITE_API_ORIGINS: 'self' }).apiOrigins;
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}'));
    stubPage({ url: PAGE, apiOrigins: self, fetch: fetchMock });
    await http('/api/items');
    await http(`${API}/items`);
    const carried = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));
    expect(carried).toEqual(['Bearer access-1', null]);
  });

  it('asks for no token, and loads nothing, for a request that does not get one', async () => {
    const source = connectSource();
    const { http } = server();
    await http('https://cdn.example.com/file.json');
    await http('/assets/icons/home.svg', { accessToken: false });
    await http(`${API}/static.json`, { accessToken: false });
    expect(source.current).not.toHaveBeenCalled();
  });

  it('keeps an Authorization header the caller set, and does not renew for it', async () => {
    const source = connectSource();
    const { http, sent } = server(() => 401);
    await expect(http(`${API}/items`, { headers: { Authorization: 'Basic abc' }, handleErrors: true })).rejects.toThrow(
      HttpError,
    );
    expect(sent()).toEqual([{ url: `${API}/items`, authorization: 'Basic abc' }]);
    expect(source.current).not.toHaveBeenCalled();
    expect(source.renew).not.toHaveBeenCalled();
  });

  it('still sends the XSRF header to the app itself next to it', async () => {
    connectSource();
    const { http, fetchMock } = server();
    await http('/api/items', { method: 'POST' });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('X-XSRF-TOKEN')).toBe('x');
  });

  it.each([
    ['a header injection', 'abc\r\nX-Evil: 1'],
    ['a space', 'abc def'],
    ['an empty token', ''],
    ['a non-string', 42 as unknown as string],
  ])('sends no token that is not a bearer token (%s)', async (_what, token) => {
    connectSource({ token });
    const { http, sent } = server();
    await http(`${API}/items`);
    expect(sent()).toEqual([{ url: `${API}/items`, authorization: null }]);
  });
});

describe('a request that carries the token', () => {
  /**
   * fetch as a browser runs it, with an HTTP cache the API fills (`Cache-Control: max-age`) and an answer that
   * redirects `/moved`: `redirect: 'error'` fails as a network error, otherwise the redirect is followed.
   */
  function browser() {
    const cache = new Map<string, Response>();
    const server = vi.fn((url: string, authorization: string | null) =>
      Response.json({ for: authorization }, { headers: { 'Cache-Control': 'max-age=600' } }),
    );
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const request = new Request(input, init);
      const mode = init?.cache ?? request.cache ?? 'default';
      const cached = cache.get(request.url);
      if (cached && (mode === 'default' || mode === 'force-cache')) return cached.clone();
      if (request.url.endsWith('/moved')) {
        if ((init?.redirect ?? request.redirect) === 'error') throw new TypeError('Failed to fetch');
        return Response.json({ from: 'where the redirect led' });
      }
      const response = server(request.url, request.headers.get('Authorization'));
      if (mode !== 'no-store') cache.set(request.url, response.clone());
      return response;
    });
    stubPage({ url: PAGE, cookies: 'XSRF-TOKEN=x', apiOrigins, fetch: fetchMock });
    return { fetchMock, server };
  }

  it('asks fetch for no cache and no redirects, whatever the caller asked, the retry after a 401 too', async () => {
    connectSource();
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) =>
      Response.json({}, { status: new Headers(init?.headers).get('Authorization') === 'Bearer access-2' ? 200 : 401 }),
    );
    stubPage({ url: PAGE, cookies: 'XSRF-TOKEN=x', apiOrigins, fetch: fetchMock });
    await http(`${API}/items`, { cache: 'force-cache', redirect: 'follow' });
    await http(new Request(`${API}/items`, { cache: 'force-cache', redirect: 'manual' }));
    // The first is refused and retried with the renewed token.
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls) expect(init).toMatchObject({ cache: 'no-store', redirect: 'error' });
  });

  it('never hands one user the answer the cache kept for another', async () => {
    const { server } = browser();
    connectSource({ token: 'token-of-ann' });
    await expect((await http(`${API}/books`)).json()).resolves.toEqual({ for: 'Bearer token-of-ann' });
    disconnect();
    connectSource({ token: 'token-of-bob' });
    await expect((await http(`${API}/books`)).json()).resolves.toEqual({ for: 'Bearer token-of-bob' });
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('fails on a redirect, never following it: a NetworkError, reported as one', async () => {
    connectSource();
    browser();
    const reporter = { error: vi.fn(), notice: vi.fn() };
    const stop = connectReporter(reporter);
    const failure = await http(`${API}/moved`).catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(NetworkError);
    expect(reporter.error).toHaveBeenCalledExactlyOnceWith(failure, `GET ${API}/moved`);
    await expect(http(`${API}/moved`, { handleErrors: true })).rejects.toBeInstanceOf(NetworkError);
  });

  it("leaves a request without the token to the caller's cache and redirect choices", async () => {
    connectSource();
    const { fetchMock } = browser();
    await http('https://cdn.example.com/moved', { cache: 'force-cache' });
    expect(fetchMock.mock.calls[0]![1]).not.toHaveProperty('redirect');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'force-cache' });
  });
});

describe('a Request object', () => {
  const self = parseEnv({ MODE: 'production', PROD: true, VITE_API_ORIGINS: `self, ${API}` }).apiOrigins;
  /** What fetch would send for each call: the Request with its init applied. */
  function recorder(status: (authorization: string | null) => number = () => 200) {
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const authorization = new Request(input, init).headers.get('Authorization');
      return new Response('{}', { status: status(authorization) });
    });
    stubPage({ url: PAGE, cookies: 'XSRF-TOKEN=x', apiOrigins: self, fetch: fetchMock });
    const sent = () => fetchMock.mock.calls.map(([input, init]) => new Request(input, init));
    return { http, sent };
  }

  it.each([
    ['its own method', {}],
    ['the method in the options', { method: 'POST' }],
  ])('to another origin carries neither the access token nor the XSRF token (%s)', async (_how, options) => {
    connectSource();
    const { http, sent } = recorder();
    await http(new Request('https://evil.example/x', { method: 'POST' }), options);
    const [request] = sent();
    expect(request!.url).toBe('https://evil.example/x');
    expect([request!.headers.get('Authorization'), request!.headers.get('X-XSRF-TOKEN')]).toEqual([null, null]);
  });

  it('to an API origin carries the access token, and is retried with its body after a 401', async () => {
    connectSource();
    const { http, sent } = recorder(acceptsOnly('access-2'));
    await http(new Request(`${API}/items`, { method: 'PUT', body: '{"a":1}' }));
    const requests = sent();
    expect(requests.map((request) => [request.method, request.headers.get('Authorization')])).toEqual([
      ['PUT', 'Bearer access-1'],
      ['PUT', 'Bearer access-2'],
    ]);
    expect(await Promise.all(requests.map((request) => request.text()))).toEqual(['{"a":1}', '{"a":1}']);
  });

  it("to the app's own origin carries both tokens", async () => {
    connectSource();
    const { http, sent } = recorder();
    await http(new Request('https://app.example.com/api/items', { method: 'POST' }));
    const [request] = sent();
    expect([request!.headers.get('Authorization'), request!.headers.get('X-XSRF-TOKEN')]).toEqual([
      'Bearer access-1',
      'x',
    ]);
  });
});

describe('without a token', () => {
  it('sends the request without Authorization and does not retry it when no source is connected', async () => {
    const { http, sent, fetchMock } = server(() => 401);
    await expect(http(`${API}/items`, { handleErrors: true })).rejects.toMatchObject({ status: 401 });
    expect(sent()).toEqual([{ url: `${API}/items`, authorization: null }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends it without Authorization and does not retry when the user is signed out', async () => {
    const source = connectSource({ token: null });
    const { http, fetchMock } = server(() => 401);
    await expect(http(`${API}/items`, { handleErrors: true })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(source.renew).not.toHaveBeenCalled();
    expect(source.end).not.toHaveBeenCalled();
  });

  it('sends it without Authorization when the token source fails (the sign-in code cannot load)', async () => {
    const source = connectSource();
    source.current.mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    const { http, sent } = server();
    await http(`${API}/items`);
    expect(sent()).toEqual([{ url: `${API}/items`, authorization: null }]);
  });
});

describe('a 401 from an API origin', () => {
  it('renews the token once and retries once with the new one', async () => {
    const source = connectSource();
    const { http, sent } = server(acceptsOnly('access-2'));
    const response = await http(`${API}/items`);
    expect(response.status).toBe(200);
    expect(source.renew).toHaveBeenCalledExactlyOnceWith('access-1');
    expect(sent().map((request) => request.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(source.end).not.toHaveBeenCalled();
  });

  it('ends the session when the renewed token is refused too, and retries no more', async () => {
    const source = connectSource();
    const { http, fetchMock } = server(() => 401);
    const error = await http(`${API}/items`, { handleErrors: true }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(source.renew).toHaveBeenCalledTimes(1);
    expect(source.end).toHaveBeenCalledExactlyOnceWith('access-2');
  });

  it('does not retry when the renewal fails (the source has signed out)', async () => {
    const source = connectSource({ renewed: null });
    const { http, fetchMock } = server(() => 401);
    await expect(http(`${API}/items`, { handleErrors: true })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(source.end).not.toHaveBeenCalled();
  });

  it('does not retry when the renewal throws', async () => {
    const source = connectSource();
    source.renew.mockRejectedValue(new Error('network'));
    const { http, fetchMock } = server(() => 401);
    await expect(http(`${API}/items`, { handleErrors: true })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is reported once, as any failed response, when it stands', async () => {
    connectSource();
    const reporter = { error: vi.fn(), notice: vi.fn() };
    const stop = connectReporter(reporter);
    const { http } = server(() => 401);
    await expect(http(`${API}/items`)).rejects.toMatchObject({ status: 401 });
    stop();
    expect(reporter.error).toHaveBeenCalledTimes(1);
  });

  it.each([403, 500])('a %i is not retried', async (status) => {
    const source = connectSource();
    const { http, fetchMock } = server(() => status);
    await expect(http(`${API}/items`, { handleErrors: true })).rejects.toMatchObject({ status });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(source.renew).not.toHaveBeenCalled();
  });

  it('is not retried when the body was a stream that is used up', async () => {
    const source = connectSource();
    const { http, fetchMock } = server(() => 401);
    const body = new ReadableStream({ start: (controller) => controller.close() });
    await expect(http(`${API}/items`, { method: 'POST', body, handleErrors: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(source.renew).not.toHaveBeenCalled();
  });

  it('is not retried when someone else is signed in by the time the renewal answers', async () => {
    const source = connectSource();
    // Logout and another user's sign-in (another tab) while the request was on its way.
    source.renew.mockResolvedValue({ token: 'access-of-user-2', sub: 'user-2' });
    const { http, sent } = server(acceptsOnly('access-of-user-2'));
    await expect(http(`${API}/items`, { method: 'DELETE', handleErrors: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(sent().map((request) => request.authorization)).toEqual(['Bearer access-1']);
    expect(source.end).not.toHaveBeenCalled();
  });

  it('retries with the same method and body', async () => {
    connectSource();
    const { http, fetchMock } = server(acceptsOnly('access-2'));
    await http(`${API}/items`, { method: 'PUT', body: '{"a":1}' });
    expect(fetchMock.mock.calls.map(([, init]) => [init?.method, init?.body])).toEqual([
      ['PUT', '{"a":1}'],
      ['PUT', '{"a":1}'],
    ]);
  });
});

describe('a 401 storm', () => {
  it('fifty requests refused at once cause one renewal, and each is retried once', async () => {
    const source = connectSource({ renewDelayMs: 5 });
    const { http, sent } = server(acceptsOnly('access-2'));
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => http(`${API}/items/${index}`)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(source.renew).toHaveBeenCalledTimes(1);
    expect(sent()).toHaveLength(100);
    expect(sent().filter((request) => request.authorization === 'Bearer access-2')).toHaveLength(50);
  });

  it('a request refused with the old token after the renewal finished gets the renewed token, not another renewal', async () => {
    const source = connectSource();
    const { http } = server(acceptsOnly('access-2'));
    await http(`${API}/first`);
    // Another request that had read the old token before the renewal, answered afterwards.
    source.current.mockResolvedValueOnce({ token: 'access-1', sub: 'user-1' });
    await http(`${API}/late`);
    expect(source.renew).toHaveBeenCalledTimes(1);
  });

  it('fifty requests refused again after the renewal end the session once', async () => {
    const source = connectSource({ renewDelayMs: 5 });
    const { http } = server(() => 401);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => http(`${API}/items/${index}`, { handleErrors: true })),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(source.renew).toHaveBeenCalledTimes(1);
    expect(source.end).toHaveBeenCalledTimes(1);
  });
});
