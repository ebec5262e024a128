import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPage } from '../test/stub-page';
import { http, HttpError, NetworkError } from './http';
import { connectReporter } from './notice-bus';

const PAGE = 'https://app.example.com/settings?tab=1';
const XSRF_HEADER = 'X-XSRF-TOKEN';

afterEach(() => vi.unstubAllGlobals());

function setup({ cookies = 'XSRF-TOKEN=abc%20123; other=1', respond = () => new Response('ok') } = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => respond());
  stubPage({ url: PAGE, cookies, fetch: fetchMock });
  const sentHeaders = () => new Headers(fetchMock.mock.calls[0]![1]?.headers);
  return { http, fetchMock, sentHeaders };
}

describe('XSRF header rule', () => {
  it.each([
    ['POST', '/api/items', true, 'relative path'],
    ['PUT', 'api/items', true, 'path relative to the page'],
    ['DELETE', '../api/items/1', true, 'parent-relative path'],
    ['PATCH', '?page=2', true, 'query only'],
    ['post', '/api/items', true, 'lower-case method'],
    ['POST', 'https://app.example.com/api', true, 'absolute same-origin URL'],
    ['GET', '/api/items', false, 'GET'],
    ['HEAD', '/api/items', false, 'HEAD'],
    ['get', '/api/items', false, 'lower-case get'],
    ['POST', 'https://api.other.com/items', false, 'absolute cross-origin URL'],
    ['POST', '//evil.example.net/steal', false, 'protocol-relative cross-origin URL'],
    ['POST', 'http://app.example.com/api', false, 'same host, other scheme'],
    ['POST', 'https://app.example.com:8443/api', false, 'same host, other port'],
    ['POST', 'https://sub.app.example.com/api', false, 'subdomain'],
  ])('%s %s → %s (%s)', async (method, url, expected) => {
    const { http, sentHeaders } = setup();
    await http(url, { method });
    expect(sentHeaders().has(XSRF_HEADER)).toBe(expected);
  });

  it('adds the cookie value (decoded) to a relative POST', async () => {
    const { http, sentHeaders } = setup();
    await http('/api/items', { method: 'POST', body: '{}' });
    expect(sentHeaders().get(XSRF_HEADER)).toBe('abc 123');
  });

  it('adds nothing to a GET', async () => {
    const { http, sentHeaders } = setup();
    await http('/api/items');
    expect(sentHeaders().has(XSRF_HEADER)).toBe(false);
  });

  it('adds nothing to a cross-origin POST', async () => {
    const { http, sentHeaders } = setup();
    await http('https://api.other.com/items', { method: 'POST' });
    expect(sentHeaders().has(XSRF_HEADER)).toBe(false);
  });

  it('adds nothing when the cookie is absent', async () => {
    const { http, sentHeaders } = setup({ cookies: 'session=1; XSRF-TOKEN-OLD=x' });
    await http('/api/items', { method: 'POST' });
    expect(sentHeaders().has(XSRF_HEADER)).toBe(false);
  });

  it('keeps a header the caller set itself', async () => {
    const { http, sentHeaders } = setup();
    await http('/api/items', { method: 'POST', headers: { [XSRF_HEADER]: 'mine' } });
    expect(sentHeaders().get(XSRF_HEADER)).toBe('mine');
  });

  it.each([
    ['a=1; XSRF-TOKEN=t%3D1; b=2', 't=1'],
    ['MY-XSRF-TOKEN=no', null],
    ['', null],
  ])('reads the cookie by its exact name from %j', async (cookies, expected) => {
    const { http, sentHeaders } = setup({ cookies });
    await http('/api/items', { method: 'POST' });
    expect(sentHeaders().get(XSRF_HEADER)).toBe(expected);
  });
});

/** Headers that check values as browsers do (happy-dom's take anything). */
class BrowserHeaders extends Headers {
  override set(name: string, value: string): void {
    if (/[\0\r\n]|[^\0-\xff]/.test(value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''))) {
      throw new TypeError(`Invalid value for header ${name}`);
    }
    super.set(name, value);
  }
}

describe('an XSRF-TOKEN cookie that is not a valid header value', () => {
  // Warned about once per page: each test loads the helper afresh.
  let fresh: typeof import('./http');
  let report: typeof import('./notice-bus');
  beforeEach(async () => {
    vi.stubGlobal('Headers', BrowserHeaders);
    vi.resetModules();
    fresh = await import('./http');
    report = await import('./notice-bus');
  });

  it.each([
    ['a control character', 'a\u0001b'],
    ['an encoded line feed', '%0Aevil'],
    ['an encoded line break inside', 'a%0D%0AX-Evil:%201'],
    ['an encoded NUL', '%00'],
    ['an encoded DEL', 'a%7F'],
    ['leading white space', '%20abc'],
    ['a character outside Latin-1', '%E2%82%AC'],
  ])('counts as absent (%s): the request goes out without it', async (_what, value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { sentHeaders } = setup({ cookies: `XSRF-TOKEN=${value}` });
    await fresh.http('/api/items', { method: 'POST' });
    expect(sentHeaders().has(XSRF_HEADER)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('is warned about once, however many requests go out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchMock } = setup({ cookies: 'XSRF-TOKEN=%0A' });
    await Promise.all([1, 2, 3].map(() => fresh.http('/api/items', { method: 'POST' })));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('fails through the usual error path when the server wants the header', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reporter = { error: vi.fn(), notice: vi.fn() };
    const disconnect = report.connectReporter(reporter);
    setup({ cookies: 'XSRF-TOKEN=a%0Ab', respond: () => new Response('', { status: 403 }) });
    const error = await fresh.http('/api/items', { method: 'POST' }).catch((failure: unknown) => failure);
    disconnect();
    expect(error).toBeInstanceOf(fresh.HttpError);
    expect(reporter.error).toHaveBeenCalledExactlyOnceWith(error, 'POST /api/items');
  });

  it('leaves a valid token as it is, tab and inner space included', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { sentHeaders } = setup({ cookies: 'XSRF-TOKEN=a%09b%20c%C3%A9' });
    await fresh.http('/api/items', { method: 'POST' });
    expect(sentHeaders().get(XSRF_HEADER)).toBe('a\tb cé');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('failures', () => {
  let disconnect = () => {};
  afterEach(() => disconnect());
  const listen = () => {
    const reporter = { error: vi.fn(), notice: vi.fn() };
    disconnect = connectReporter(reporter);
    return reporter;
  };

  it('rejects a non-2xx answer with an HttpError carrying the status, and reports it', async () => {
    const reporter = listen();
    const { http } = setup({ respond: () => new Response('no', { status: 503 }) });
    const failure = http('/api/items').catch((error: unknown) => error);
    const error = await failure;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, url: '/api/items' });
    expect(reporter.error).toHaveBeenCalledWith(error, 'GET /api/items');
  });

  it('rejects a network failure with a NetworkError, and reports it', async () => {
    const reporter = listen();
    const { http } = setup({
      respond: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(http('/api/items', { method: 'POST' })).rejects.toBeInstanceOf(NetworkError);
    expect(reporter.error).toHaveBeenCalledTimes(1);
  });

  it('does not report failures the caller handles', async () => {
    const reporter = listen();
    const { http } = setup({ respond: () => new Response('', { status: 404 }) });
    await expect(http('/api/items', { handleErrors: true })).rejects.toBeInstanceOf(HttpError);
    expect(reporter.error).not.toHaveBeenCalled();
  });

  it('does not report a request the caller aborted', async () => {
    const reporter = listen();
    const { http } = setup({
      respond: () => {
        throw new DOMException('aborted', 'AbortError');
      },
    });
    await expect(http('/api/items')).rejects.toMatchObject({ name: 'AbortError' });
    expect(reporter.error).not.toHaveBeenCalled();
  });
});

describe('a Request object', () => {
  /** What fetch would send for its first call: the Request with its init applied. */
  const sentRequest = (fetchMock: ReturnType<typeof setup>['fetchMock']) => {
    const [input, init] = fetchMock.mock.calls[0]!;
    return new Request(input, init);
  };

  it.each([
    ['its own method', {}],
    ['the method in the options', { method: 'POST' }],
  ])('to another origin never carries the XSRF token (%s)', async (_how, options) => {
    const { http, fetchMock } = setup();
    await http(new Request('https://evil.example/x', { method: 'POST' }), options);
    const sent = sentRequest(fetchMock);
    expect([sent.method, sent.url]).toEqual(['POST', 'https://evil.example/x']);
    expect(sent.headers.has(XSRF_HEADER)).toBe(false);
  });

  it("to the app's own origin carries it, with the Request's method", async () => {
    const { http, fetchMock } = setup();
    await http(new Request('https://app.example.com/api/items', { method: 'POST', body: '{}' }));
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('POST');
    expect(sent.headers.get(XSRF_HEADER)).toBe('abc 123');
    expect(await sent.text()).toBe('{}');
  });

  it("keeps the Request's headers, with the options' headers and method over them", async () => {
    const { http, fetchMock } = setup();
    const request = new Request('https://app.example.com/api/items', { method: 'POST', headers: { A: '1', B: '1' } });
    await http(request, { method: 'PUT', headers: { B: '2' } });
    const sent = sentRequest(fetchMock);
    expect([sent.method, sent.headers.get('A'), sent.headers.get('B')]).toEqual(['PUT', '1', '2']);
    expect(sent.headers.get(XSRF_HEADER)).toBe('abc 123');
  });

  it('is reported with its own URL when it fails', async () => {
    const reporter = { error: vi.fn(), notice: vi.fn() };
    const disconnect = connectReporter(reporter);
    const { http } = setup({ respond: () => new Response('', { status: 500 }) });
    const error = await http(new Request('https://evil.example/x', { method: 'POST' })).catch(
      (failure: unknown) => failure,
    );
    disconnect();
    expect(error).toMatchObject({ status: 500, url: 'https://evil.example/x' });
    expect(reporter.error).toHaveBeenCalledWith(error, 'POST https://evil.example/x');
  });

  it('refuses anything but a string, a URL or a Request', async () => {
    const { http, fetchMock } = setup();
    const lookalike = { url: '/api/items', toString: () => 'https://evil.example/x' };
    await expect(http(lookalike as unknown as string, { method: 'POST' })).rejects.toThrow(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
