// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrerenderedPage } from './prerender.mjs';
import { CACHES, firstLoadOnly, manifestIconPaths, referencedPaths, workboxOptions } from './service-worker.mjs';

function build(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'snxt-sw-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const entry = (url: string) => ({ url, revision: url.startsWith('assets/') ? null : 'r1', size: 1 });

describe('the precache list', () => {
  it('holds every page, what the pages reference, the manifest’s icons and the app’s icons; no lazy chunk, no language', async () => {
    const dir = build({
      'index.html':
        '<link rel="manifest" href="/manifest.webmanifest"><link rel="icon" href="/favicon.svg"><script>(function boot(){})({"entry":"/assets/index-a1.js","modules":["/assets/react-dom-i9.js"],"renderer":["/assets/client-h8.js"],"pages":{"/profile":["/assets/profile-g7.js"]},"intlWarmUp":"/assets/intl-warm-up-f6.js","policy":"p"})</script><link rel="modulepreload" href="/assets/constants-b2.js"><link rel="stylesheet" href="/assets/index-c3.css"><link rel="preload" href="/assets/i18n/en.json">',
      'settings.html':
        '<script type="module" src="/assets/index-a1.js"></script><link rel="modulepreload" href="/assets/settings-d4.js">',
      'manifest.webmanifest': JSON.stringify({
        icons: [{ src: '/icons/icon-192.png' }, { src: 'https://evil.test/x.png' }],
      }),
    });
    const files = [
      'index.html',
      'settings.html',
      'manifest.webmanifest',
      'favicon.svg',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'assets/index-a1.js',
      'assets/constants-b2.js',
      'assets/index-c3.css',
      'assets/settings-d4.js',
      'assets/user-menu-e5.js',
      'assets/profile-g7.js',
      'assets/intl-warm-up-f6.js',
      'assets/client-h8.js',
      'assets/react-dom-i9.js',
      'assets/icons/home.svg',
    ];
    const { manifest } = await firstLoadOnly(() => dir)(files.map(entry));
    expect(manifest.map((item) => item.url).sort()).toEqual(
      [
        'index.html?offline',
        'settings.html?offline',
        'manifest.webmanifest',
        'favicon.svg',
        'icons/icon-192.png',
        'assets/index-a1.js',
        'assets/constants-b2.js',
        'assets/index-c3.css',
        'assets/settings-d4.js',
        'assets/intl-warm-up-f6.js',
        'assets/client-h8.js',
        'assets/react-dom-i9.js',
        'assets/icons/home.svg',
      ].sort(),
    );
  });

  it('keeps the pages under ?offline only, so the precache never answers a navigation (they go to the network first)', async () => {
    const dir = build({ 'index.html': '' });
    const { manifest } = await firstLoadOnly(() => dir)([entry('index.html')]);
    expect(manifest).toEqual([{ ...entry('index.html'), url: 'index.html?offline' }]);
  });

  it('reads only same-origin paths from a page, never other origins', () => {
    expect(
      referencedPaths(
        '<script src="https://evil.test/a.js"></script><script src="//evil.test/b.js"></script><img src="/ok.png?v=1">' +
          '<script>boot({"entry":"//evil.test/c.js","intlWarmUp":"https://evil.test/d.js","modules":["//evil.test/e.js","https://evil.test/f.js"],"renderer":["//evil.test/g.js"]})</script>',
      ),
    ).toEqual(['/ok.png']);
  });

  it('reads a broken manifest as no icons', () => {
    expect(manifestIconPaths('{not json')).toEqual([]);
    expect(manifestIconPaths('{"icons": "nope"}')).toEqual([]);
    expect(manifestIconPaths('{"icons": [{"src": 5}, null, {"src": "/a.png"}]}')).toEqual(['/a.png']);
  });
});

const ORIGIN = 'https://app.test';
const CSP = "default-src 'self'; script-src 'self' 'sha256-abc'";
const PRECACHE = `workbox-precache-v2-${ORIGIN}/`;

/** A Cache with what the worker uses of one: match, keys, put, delete (query and ignoreSearch). */
class FakeCache {
  entries: [Request, Response][] = [];
  private find(url: RequestInfo | URL, options?: CacheQueryOptions) {
    const wanted = new URL(url instanceof Request ? url.url : String(url), ORIGIN);
    const strip = (href: string) => href.replace(/[?#].*$/, '');
    return this.entries.filter(([request]) =>
      options?.ignoreSearch ? strip(request.url) === strip(wanted.href) : request.url === wanted.href,
    );
  }
  async match(url: RequestInfo | URL, options?: CacheQueryOptions) {
    return this.find(url, options)[0]?.[1].clone();
  }
  async keys(url?: RequestInfo | URL, options?: CacheQueryOptions) {
    return (url ? this.find(url, options) : this.entries).map(([request]) => request);
  }
  async put(url: RequestInfo | URL, response: Response) {
    await this.delete(url);
    this.entries.push([new Request(new URL(url instanceof Request ? url.url : String(url), ORIGIN)), response]);
  }
  async delete(url: RequestInfo | URL, options?: CacheQueryOptions) {
    const found = this.find(url, options);
    this.entries = this.entries.filter((entry) => !found.includes(entry));
    return found.length > 0;
  }
}

/** The worker's CacheStorage: named caches, searched in the order they were opened. */
class FakeCaches {
  named = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.named.has(name)) this.named.set(name, new FakeCache());
    return this.named.get(name)!;
  }
  async keys() {
    return [...this.named.keys()];
  }
  async match(url: RequestInfo | URL, options?: CacheQueryOptions) {
    for (const cache of this.named.values()) {
      const found = await cache.match(url, options);
      if (found) return found;
    }
    return undefined;
  }
}

const TEMPLATE = '<!doctype html><html><head><title>Snxt</title></head><body><div id="root"></div></body></html>';
const appPage = (path: string, before = '') =>
  withPrerenderedPage(TEMPLATE.replace('</head>', `<style>${before}</style></head>`), path, {
    html: `<main><h1>${path}</h1></main>`,
    title: 'Snxt',
  });
const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CSP, ...headers },
  });

type Params = Record<string, unknown>;
type Hook = (params: Params) => Promise<unknown>;

/** The pages route's plugin, rebuilt from its source as Workbox writes it into sw.js: nothing of this module's scope. */
function pagesPlugin(): Record<
  'cacheKeyWillBeUsed' | 'cacheWillUpdate' | 'cachedResponseWillBeUsed' | 'handlerDidError',
  Hook
> {
  const route = workboxOptions(() => '').runtimeCaching!.find((entry) => entry.options?.cacheName === CACHES.pages)!;
  const plugin = route.options!.plugins![0] as unknown as Record<string, Hook>;
  const copy = (hook: Hook | undefined) => new Function(`return (${String(hook)})`)() as Hook;
  return {
    cacheKeyWillBeUsed: copy(plugin.cacheKeyWillBeUsed),
    cacheWillUpdate: copy(plugin.cacheWillUpdate),
    cachedResponseWillBeUsed: copy(plugin.cachedResponseWillBeUsed),
    handlerDidError: copy(plugin.handlerDidError),
  };
}

describe('the pages the worker keeps', () => {
  let storage: FakeCaches;
  let plugin: ReturnType<typeof pagesPlugin>;

  beforeEach(async () => {
    storage = new FakeCaches();
    vi.stubGlobal('self', { location: { origin: ORIGIN } });
    vi.stubGlobal('caches', storage);
    // Installed with the worker, as the server answered them: the pages' offline copies.
    const precache = await storage.open(PRECACHE);
    await precache.put(`${ORIGIN}/index.html?offline&__WB_REVISION__=1`, html(appPage('/')));
    await precache.put(`${ORIGIN}/settings.html?offline&__WB_REVISION__=2`, html(appPage('/settings')));
    await storage.open(CACHES.pages);
    plugin = pagesPlugin();
  });

  afterEach(() => vi.unstubAllGlobals());

  /** An online navigation as Workbox's NetworkFirst handles it: key, check, store. */
  async function navigate(path: string, response: Response) {
    const state = {};
    const request = new Request(`${ORIGIN}${path}`);
    const key = String(await plugin.cacheKeyWillBeUsed({ mode: 'write', request, state }));
    const kept = (await plugin.cacheWillUpdate({ request, response, event: {}, state })) as Response | null;
    if (kept) await (await storage.open(CACHES.pages)).put(key, kept);
    return { key: new URL(key).pathname, kept: Boolean(kept) };
  }

  /** An offline navigation: the kept copy under its key if it passes, else the fallback. */
  async function offline(path: string) {
    const state = {};
    const request = new Request(`${ORIGIN}${path}`);
    const key = new Request(String(await plugin.cacheKeyWillBeUsed({ mode: 'read', request, state })));
    const matchOptions = { ignoreVary: true };
    const cachedResponse = await storage.match(key, { ...matchOptions, cacheName: CACHES.pages } as CacheQueryOptions);
    const used = (await plugin.cachedResponseWillBeUsed({
      cacheName: CACHES.pages,
      matchOptions,
      cachedResponse,
      request: key,
      event: {},
      state,
    })) as Response | null;
    const response = (used ??
      (await plugin.handlerDidError({ request, error: new Error('offline'), state }))) as Response;
    return response.type === 'error' ? 'error' : await response.text();
  }

  const keptPaths = async () =>
    (await (await storage.open(CACHES.pages)).keys()).map((request) => new URL(request.url).pathname);

  it('keys each navigation by its built page: /settings by settings.html, every other path by the shell', async () => {
    const keyOf = async (path: string) =>
      new URL(
        String(await plugin.cacheKeyWillBeUsed({ mode: 'write', request: new Request(`${ORIGIN}${path}`), state: {} })),
      ).pathname;
    for (const path of ['/settings', '/settings/', '/settings.html?x=1'])
      expect(await keyOf(path)).toBe('/settings.html');
    for (const path of ['/', '/index.html', '/?code=secret', '/profile', '/api-report.html', '/no/such/page']) {
      expect(await keyOf(path)).toBe('/index.html');
    }
  });

  it('keeps the app’s own pages, each under its own path; the shell answering an app path is kept as the shell', async () => {
    expect(await navigate('/settings', html(appPage('/settings')))).toEqual({ key: '/settings.html', kept: true });
    expect(await navigate('/profile', html(appPage('/')))).toEqual({ key: '/index.html', kept: true });
    expect(await keptPaths()).toEqual(['/settings.html', '/index.html']);
    expect(await offline('/settings')).toContain('data-prerendered="/settings"');
    expect(await offline('/profile')).toContain('data-prerendered="/"');
  });

  it.each([
    'no-store',
    'private',
    'No-Store',
    'max-age=0, PRIVATE',
    'public,no-store',
    'private="Set-Cookie"',
    ' no-cache , no-store ',
  ])('never keeps a page marked %j, not even the app’s own', async (cacheControl) => {
    expect(await navigate('/', html(appPage('/'), { 'Cache-Control': cacheControl }))).toMatchObject({ kept: false });
    expect(await navigate('/profile', html(appPage('/'), { 'Cache-Control': cacheControl }))).toMatchObject({
      kept: false,
    });
    expect(await keptPaths()).toEqual([]);
  });

  it('keeps a page whose Cache-Control only revalidates or only names those words in other directives', async () => {
    for (const cacheControl of [
      'no-cache',
      'public, max-age=0, must-revalidate',
      'x-private-note=1, x-no-store-later',
    ]) {
      expect(await navigate('/', html(appPage('/'), { 'Cache-Control': cacheControl }))).toMatchObject({ kept: true });
    }
  });

  it('never keeps another same-origin page, even with the app’s headers, whatever its path', async () => {
    const statement = html('<!doctype html><h1>ACCOUNT STATEMENT of demo@example.com</h1>');
    expect(await navigate('/api-report.html', statement)).toEqual({ key: '/index.html', kept: false });
    expect(await navigate('/', html('<!doctype html><div id="root"><h1>Another app</h1></div>'))).toMatchObject({
      kept: false,
    });
    expect(await keptPaths()).toEqual([]);
    expect(await offline('/')).toContain('data-prerendered="/"');
  });

  it('never keeps one of the app’s pages under another page’s path', async () => {
    expect(await navigate('/settings', html(appPage('/')))).toMatchObject({ kept: false });
    expect(await navigate('/', html(appPage('/settings')))).toMatchObject({ kept: false });
    expect(await navigate('/profile', html(appPage('/settings')))).toMatchObject({ kept: false });
    expect(await keptPaths()).toEqual([]);
  });

  it('never keeps a page without the policy the app’s pages are served with', async () => {
    expect(await navigate('/', html(appPage('/'), { 'Content-Security-Policy': '' }))).toMatchObject({ kept: false });
    expect(
      await navigate('/', html(appPage('/'), { 'Content-Security-Policy': "default-src 'self' 'unsafe-inline'" })),
    ).toMatchObject({ kept: false });
    expect(await keptPaths()).toEqual([]);
  });

  it('keeps only 200 HTML answers', async () => {
    expect(await navigate('/', new Response(appPage('/'), { status: 404, headers: html('').headers }))).toMatchObject({
      kept: false,
    });
    expect(
      await navigate(
        '/',
        new Response(appPage('/'), { headers: { 'Content-Type': 'text/plain', 'Content-Security-Policy': CSP } }),
      ),
    ).toMatchObject({ kept: false });
  });

  it('reads only the beginning of a page to know it: a huge foreign page is not read to its end', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`<p>${'x'.repeat(16 * 1024)}</p>`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    expect(await navigate('/', new Response(endless, { headers: html('').headers }))).toMatchObject({ kept: false });
    expect(pulled).toBeLessThan(1024 * 1024);
    // The app's page is known by its root element after a large inlined stylesheet.
    expect(await navigate('/', html(appPage('/', 'p{}'.repeat(30_000))))).toMatchObject({ kept: true });
  });

  it('never serves a kept page that is not the app’s (an older worker’s) for an app path: the precached shell serves, the copy goes', async () => {
    const pages = await storage.open(CACHES.pages);
    await pages.put(
      `${ORIGIN}/index.html`,
      html('<h1>ACCOUNT STATEMENT of demo@example.com</h1>', { 'Cache-Control': 'no-store' }),
    );
    await pages.put(`${ORIGIN}/settings.html`, html(appPage('/')));
    for (const path of ['/', '/profile', '/no/such/page']) {
      const page = await offline(path);
      expect(page).toContain('data-prerendered="/"');
      expect(page).not.toContain('ACCOUNT STATEMENT');
    }
    expect(await offline('/settings')).toContain('data-prerendered="/settings"');
    expect(await keptPaths()).toEqual([]);
  });

  it('offline with nothing kept: a built page’s own copy, the shell for any other path, an error without either', async () => {
    expect(await offline('/settings/')).toContain('data-prerendered="/settings"');
    expect(await offline('/profile')).toContain('data-prerendered="/"');
    storage.named.clear();
    expect(await offline('/')).toBe('error');
  });
});
