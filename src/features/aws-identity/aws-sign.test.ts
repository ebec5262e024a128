import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedFetch } from './aws-sign';

const CREDENTIALS = {
  accessKeyId: 'ASIAEXAMPLEKEY000001',
  secretAccessKey: 'secret-access-key',
  sessionToken: 'session-token',
  expiration: new Date('2026-10-21T08:00:00Z'),
};
const NOW = Date.UTC(2026, 9, 21, 7, 28, 0);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubFetch(status = 200) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}', { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const sentRequest = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls[0]![0] as Request;

describe('signedFetch', () => {
  it('signs with Signature V4 for the service and region, carrying the session token', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const fetch = stubFetch();
    await signedFetch(CREDENTIALS, 'https://abc.execute-api.eu-west-1.amazonaws.com/prod/items?id=1', undefined, {
      service: 'execute-api',
      region: 'eu-west-1',
    });
    const request = sentRequest(fetch);
    expect(request.url).toBe('https://abc.execute-api.eu-west-1.amazonaws.com/prod/items?id=1');
    expect(request.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ASIAEXAMPLEKEY000001\/20261021\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=[\w;-]+, Signature=[0-9a-f]{64}$/,
    );
    expect(request.headers.get('x-amz-date')).toBe('20261021T072800Z');
    expect(request.headers.get('x-amz-security-token')).toBe('session-token');
  });

  it("dates the signature on AWS's clock when the browser's is off", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const fetch = stubFetch();
    await signedFetch(CREDENTIALS, 'https://s3.eu-west-1.amazonaws.com/bucket/key', undefined, {
      service: 's3',
      region: 'eu-west-1',
      clockOffsetMs: -5 * 60_000,
    });
    expect(sentRequest(fetch).headers.get('x-amz-date')).toBe('20261021T072300Z');
  });

  it('keeps the method, headers and body it is given, and answers like fetch (no retries)', async () => {
    const fetch = stubFetch(503);
    const response = await signedFetch(
      CREDENTIALS,
      new URL('https://lambda.eu-west-1.amazonaws.com/2015-03-31/functions/f/invocations'),
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
      { service: 'lambda', region: 'eu-west-1' },
    );
    expect(response.status).toBe(503);
    expect(fetch).toHaveBeenCalledOnce();
    const request = sentRequest(fetch);
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.text()).toBe('{"a":1}');
  });
});
