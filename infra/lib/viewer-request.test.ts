import { describe, expect, it } from 'vitest';
import { type ViewerRequest as Request, viewerRequest } from './test-support.ts';
import { viewerRequestCode } from './viewer-request.ts';

/** CloudFront Functions' quota on a function's code, in bytes. */
const FUNCTION_CODE_LIMIT = 10_240;

const PAGES = { '/': '/index.html', '/settings': '/settings.html', '/orders/list': '/orders/list.html' };
const FILES = [
  'index.html',
  'settings.html',
  'orders/list.html',
  'sw.js',
  'workbox-4a5b6c.js',
  'favicon.svg',
  'robots.txt',
  'manifest.webmanifest',
  'icons/icon-192.png',
  'assets/index-AbC123.js',
  'assets/i18n/en.json',
];
const run = viewerRequest(viewerRequestCode({ pages: PAGES, files: FILES }));
const uriOf = (path: string) => (run(path) as Request).uri;
const NOT_FOUND = {
  statusCode: 404,
  statusDescription: 'Not Found',
  headers: { 'cache-control': { value: 'no-cache' } },
};

describe('the viewer-request function', () => {
  it('serves each prerendered page from its file, with or without a trailing slash', () => {
    expect(uriOf('/')).toBe('/index.html');
    expect(uriOf('/settings')).toBe('/settings.html');
    expect(uriOf('/settings/')).toBe('/settings.html');
    expect(uriOf('/orders/list')).toBe('/orders/list.html');
  });

  it.each(['/orders/42', '/profile', '/Settings', '/settings/extra', '/v1.2/notes', '//settings'])(
    'sends %s, a path that is no prerendered page, to the app',
    (path) => expect(uriOf(path)).toBe('/index.html'),
  );

  it.each([
    '/users/john.doe',
    '/orders/a.b',
    '/v1.2/notes.json',
    '/report.pdf',
    '/Index.html',
    '/sw.js/',
    '/icons/icon-192.png.map',
    '/favicon.svg.br',
    '/assetsx/app.js',
    '/orders/list.html/x',
  ])('sends %s, a path with a dot that is no file of the build, to the app', (path) =>
    expect(uriOf(path)).toBe('/index.html'),
  );

  it.each([
    '/assets/index-AbC123.js',
    '/assets/i18n/en.json',
    '/sw.js',
    '/workbox-4a5b6c.js',
    '/index.html',
    '/settings.html',
    '/orders/list.html',
    '/favicon.svg',
    '/robots.txt',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
    '/sw%2Ejs',
  ])('leaves %s, a file of the build, as it is', (path) => expect(uriOf(path)).toBe(path));

  it('never answers a path under /assets/ with the page: a missing chunk stays a 404', () => {
    expect(uriOf('/assets/missing')).toBe('/assets/missing');
    expect(uriOf('/assets/index-Old999.js')).toBe('/assets/index-Old999.js');
    expect(uriOf('/assets/')).toBe('/assets/');
  });

  it.each([
    '/assets/../_headers',
    '/assets/%2e%2e/_headers',
    '/assets/%2E%2e/nginx-security-headers.conf',
    '/assets/.%2E/sw.js',
    '/assets/%2e./x',
    '/assets/./index-AbC123.js',
    '/assets/%2e/index-AbC123.js',
    '/assets/%252e%252e/_headers',
    '/assets/..%2f_headers',
    '/assets/..%5C_headers',
    '/assets\\..\\_headers',
    '/assets/x/..',
    '/../sw.js',
    '/./sw.js',
    '/settings/..',
    '/icons/../sw.js',
    '/%2e%2e/%2e%2e/etc/passwd',
  ])('never sends %s, a path with a dot segment, to the bucket as it is: the app answers it', (path) => {
    const answer = run(path);
    expect(answer).toEqual({ uri: '/index.html', querystring: {} });
  });

  it.each([
    '/_headers',
    '/nginx-security-headers.conf',
    '/%5Fheaders',
    '/%5fheaders',
    '/nginx-security-headers%2Econf',
    '/_headers/',
  ])('answers %s, a deploy config, with 404 that no one keeps', (path) => {
    expect(run(path)).toEqual(NOT_FOUND);
  });

  it.each(['/__proto__', '/constructor', '/toString', '/hasOwnProperty', '/valueOf', '/__proto__.js'])(
    'takes %s for an app path, not for a property of the page or file lists',
    (path) => expect(uriOf(path)).toBe('/index.html'),
  );

  it('takes a path it cannot decode for an app path', () => {
    expect(uriOf('/%E0%A4%A')).toBe('/index.html');
    expect(uriOf('/assets/%E0%A4%A.js')).toBe('/index.html');
  });

  it('keeps the query string', () => {
    const request = run('/settings', { code: { value: 'abc' } }) as Request;
    expect(request).toEqual({ uri: '/settings.html', querystring: { code: { value: 'abc' } } });
  });
});

describe("the function's size", () => {
  const manyPages = (count: number, prefix = '/page-') =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, `${prefix}${i}.html`]));

  it('stays within CloudFront\u2019s quota for a site with many prerendered pages and files', () => {
    const pages = manyPages(100);
    const files = [...Object.values(pages).map((file) => file.slice(1)), ...FILES];
    expect(Buffer.byteLength(viewerRequestCode({ pages, files }))).toBeLessThanOrEqual(FUNCTION_CODE_LIMIT);
  });

  it('is refused at synthesis when the lists would take it past the quota, with what to do', () => {
    const pages = manyPages(300, '/guides/page-');
    const files = Object.values(pages).map((file) => file.slice(1));
    expect(() => viewerRequestCode({ pages, files })).toThrow(/at most 10240.*KeyValueStore/s);
  });
});
