import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp, HttpError, NetworkError, readCookie, shouldSendXsrfToken, XSRF_HEADER } from './http';
import { connectReporter } from './report';

const PAGE = 'https://app.example.com/settings?tab=1';

function setup({ cookies = 'XSRF-TOKEN=abc%20123; other=1', respond = () => new Response('ok') } = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => respond());
  const http = createHttp({ fetch: fetchMock, pageUrl: () => PAGE, cookies: () => cookies });
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
  ])('%s %s → %s (%s)', (method, url, expected) => {
    expect(shouldSendXsrfToken(method, url, PAGE)).toBe(expected);
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

  it('reads cookies by exact name', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=t%3D1; b=2')).toBe('t=1');
    expect(readCookie('XSRF-TOKEN', 'MY-XSRF-TOKEN=no')).toBeNull();
    expect(readCookie('XSRF-TOKEN', '')).toBeNull();
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
