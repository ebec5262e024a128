import { describe, expect, it } from 'vitest';
import { type ViewerRequest as Request, viewerRequest } from './test-support.ts';
import { viewerRequestCode } from './viewer-request.ts';

/** CloudFront Functions' quota on a function's code, in bytes. */
const FUNCTION_CODE_LIMIT = 10_240;

const PAGES = { '/': '/index.html', '/settings': '/settings.html', '/orders/list': '/orders/list.html' };
const run = viewerRequest(viewerRequestCode(PAGES));
const uriOf = (path: string) => (run(path) as Request).uri;

describe('the viewer-request function', () => {
  it('serves each prerendered page from its file, with or without a trailing slash', () => {
    expect(uriOf('/')).toBe('/index.html');
    expect(uriOf('/settings')).toBe('/settings.html');
    expect(uriOf('/settings/')).toBe('/settings.html');
    expect(uriOf('/orders/list')).toBe('/orders/list.html');
  });

  it.each(['/orders/42', '/profile', '/Settings', '/settings/extra', '/v1.2/notes', '//settings'])(
    'sends %s, a path without an extension that is no prerendered page, to the app',
    (path) => expect(uriOf(path)).toBe('/index.html'),
  );

  it.each(['/assets/x.js', '/assets/i18n/en.json', '/sw.js', '/index.html', '/v1.2/notes.json', '/favicon.svg'])(
    'leaves %s, a file, as it is',
    (path) => expect(uriOf(path)).toBe(path),
  );

  it('never answers a path under /assets/ with the page: a missing chunk stays a 404', () => {
    expect(uriOf('/assets/missing')).toBe('/assets/missing');
    expect(uriOf('/assets/')).toBe('/assets/');
  });

  it.each([
    '/_headers',
    '/nginx-security-headers.conf',
    '/%5Fheaders',
    '/%5fheaders',
    '/nginx-security-headers%2Econf',
  ])('answers %s, a deploy config, with 404 that no one keeps', (path) => {
    expect(run(path)).toEqual({
      statusCode: 404,
      statusDescription: 'Not Found',
      headers: { 'cache-control': { value: 'no-cache' } },
    });
  });

  it.each(['/__proto__', '/constructor', '/toString', '/hasOwnProperty', '/valueOf'])(
    'takes %s for an app path, not for a property of the page list',
    (path) => expect(uriOf(path)).toBe('/index.html'),
  );

  it('takes a path it cannot decode for an app path', () => {
    expect(uriOf('/%E0%A4%A')).toBe('/index.html');
  });

  it('keeps the query string', () => {
    const request = run('/settings', { code: { value: 'abc' } }) as Request;
    expect(request).toEqual({ uri: '/settings.html', querystring: { code: { value: 'abc' } } });
  });
});

describe("the function's size", () => {
  it('stays within CloudFront\u2019s quota for a site with many prerendered pages', () => {
    const pages = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`/page-${i}`, `/page-${i}.html`]));
    expect(Buffer.byteLength(viewerRequestCode(pages))).toBeLessThanOrEqual(FUNCTION_CODE_LIMIT);
  });

  it('is refused at synthesis when the page list would take it past the quota, with what to do', () => {
    const pages = Object.fromEntries(
      Array.from({ length: 400 }, (_, i) => [`/guides/page-${i}`, `/guides/page-${i}.html`]),
    );
    expect(() => viewerRequestCode(pages)).toThrow(/at most 10240.*KeyValueStore/s);
  });
});
