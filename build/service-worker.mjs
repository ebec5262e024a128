// The service worker's build settings (vite-plugin-pwa, Workbox's generateSW). The worker
// precaches what a first visit needs to paint (every built page and what it references, the web
// manifest and its icons); everything else is cached on first use. See docs/behaviour.md, "Offline
// and updates".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The worker's file name; the app registers exactly this URL (src/features/offline/worker-url.ts). */
export const WORKER_FILE = 'sw.js';

/** The query under which the pages are precached. */
const OFFLINE_COPY = '?offline';

/** Cache names, so tests and docs can name them. */
export const CACHES = { pages: 'snxt-pages', assets: 'snxt-assets', files: 'snxt-files' };

/**
 * The same-origin URLs (`/…`) a built page references: in `src` / `href` attributes (styles, icons,
 * manifest) and as its boot script's entry script and renderer chunk, translations, web manifest and locale
 * warm-up worker.
 * @param {string} html
 */
export function referencedPaths(html) {
  return [
    ...html.matchAll(/(?:\b(?:src|href)=|"(?:entry|renderer|intlWarmUp|translations|manifest)":)"(\/(?!\/)[^"?#]*)/g),
  ].map(([, path]) => path);
}

/** The icon paths a web manifest lists. */
export function manifestIconPaths(text) {
  try {
    const manifest = JSON.parse(text);
    return Array.isArray(manifest?.icons)
      ? manifest.icons.map((icon) => icon?.src).filter((src) => typeof src === 'string' && src.startsWith('/'))
      : [];
  } catch {
    return [];
  }
}

/**
 * A Workbox manifest transform keeping the first-load files only: every `*.html` page, what any
 * page references, the icons of any referenced web manifest, and the app's own icons. Lazy chunks and the other
 * languages stay out (they are cached when first used).
 * @param {() => string} outDir the build's output folder (known once Vite has resolved its config)
 * @returns {(entries: import('workbox-build').ManifestEntry[]) => Promise<{ manifest: import('workbox-build').ManifestEntry[], warnings: string[] }>}
 */
export function firstLoadOnly(outDir) {
  return async (entries) => {
    const read = (url) => {
      const file = join(outDir(), url);
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    };
    const wanted = new Set();
    for (const { url } of entries.filter((entry) => entry.url.endsWith('.html'))) {
      wanted.add(url);
      for (const path of referencedPaths(read(url))) wanted.add(path.slice(1));
    }
    // The notice and page icons are fetched when first shown, which may be offline.
    for (const { url } of entries.filter((entry) => entry.url.startsWith('assets/icons/'))) wanted.add(url);
    for (const url of [...wanted].filter((path) => path.endsWith('.webmanifest'))) {
      for (const path of manifestIconPaths(read(url))) wanted.add(path.slice(1));
    }
    const manifest = entries
      .filter((entry) => wanted.has(entry.url))
      // A page is kept as the offline copy only: under its own URL the precache would answer the
      // navigation from the cache, and navigations go to the network first.
      .map((entry) => (entry.url.endsWith('.html') ? { ...entry, url: `${entry.url}${OFFLINE_COPY}` } : entry));
    return { manifest, warnings: [] };
  };
}

// The functions below run inside the worker: Workbox copies their source into sw.js, so they use
// nothing from this module's scope.

/** Same-origin navigations. */
const isPageNavigation = ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin;

/** Hashed build files: same origin, under /assets/, not the translations or icons (they keep their names). */
const isHashedAsset = ({ url }) =>
  url.origin === self.location.origin &&
  url.pathname.startsWith('/assets/') &&
  !/^\/assets\/(i18n|icons)\//.test(url.pathname);

/** Translation files and icons: same origin, fixed names, new content with each deploy. */
const isNamedFile = ({ url }) =>
  url.origin === self.location.origin && /^\/assets\/(i18n\/[\w-]+\.json|icons\/[\w-]+\.svg)$/.test(url.pathname);

/**
 * One cache entry per built page, whatever the URL: `/settings?x` and `/settings/` are
 * settings.html, every other path is index.html (the SPA fallback). A sign-in answer's one-time
 * code in the query never becomes a cache key, and unknown paths cannot fill the cache. The key
 * goes into the handler's state for appPageOnly.
 */
const pageKey = async ({ request, state }) => {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const page = path === '' || path === '/index.html' ? '/index' : path.replace(/\.html$/, '');
  const candidate = `${self.location.origin}${page}.html`;
  const known = page !== '/index' && (await caches.match(candidate, { ignoreSearch: true }));
  const key = known ? candidate : `${self.location.origin}/index.html`;
  if (state) state.key = key;
  return key;
};

/**
 * Stores and serves only the app's own page for its key: 200 HTML, neither `no-store` nor `private`,
 * the CSP its precached copy came with, and the root element the build writes for that page, found
 * in the first 512 KiB. A stored copy that fails (an older worker's) is deleted. Both cacheWillUpdate
 * and cachedResponseWillBeUsed.
 */
const appPageOnly = async (params) => {
  const stored = 'cachedResponse' in params;
  const response = stored ? params.cachedResponse : params.response;
  const key = stored ? params.request?.url : params.state?.key;
  if (!response || !key) return null;
  const precached = async (url) => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const copies = await cache.keys(url, { ignoreSearch: true });
      const copy = copies.find((request) => new URL(request.url).searchParams.has('offline'));
      if (copy) return cache.match(copy);
    }
    return undefined;
  };
  const isAppPage = async () => {
    const headers = response.headers;
    if (response.status !== 200 || !/^text\/html\b/i.test(headers.get('Content-Type') ?? '')) return false;
    if (/(?:^|,)\s*(?:no-store|private)\s*(?:[=,]|$)/i.test(headers.get('Cache-Control') ?? '')) return false;
    const policy = headers.get('Content-Security-Policy');
    const own = (await precached(key))?.headers.get('Content-Security-Policy');
    if (!policy || policy !== own) return false;
    const page = new URL(key).pathname.replace(/\.html$/, '');
    const marker = `<div id="root" data-prerendered="${page === '/index' ? '/' : page}">`;
    const reader = response.clone().body?.getReader();
    if (!reader) return false;
    const decoder = new TextDecoder();
    let text = '';
    try {
      while (text.length < 512 * 1024) {
        const { done, value } = await reader.read();
        if (done) return text.includes(marker);
        text += decoder.decode(value, { stream: true });
        if (text.includes(marker)) return true;
      }
      return false;
    } finally {
      reader.cancel().catch(() => {});
    }
  };
  if (await isAppPage()) return response;
  if (stored) await (await caches.open(params.cacheName)).delete(params.request, params.matchOptions);
  return null;
};

/** Offline and not stored under its key: the precached copy of its page (settings.html or index.html). */
const offlinePage = async ({ request }) => {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const page = path === '' ? '/index' : path.replace(/\.html$/, '');
  const precached = async (url) => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const copies = await cache.keys(url, { ignoreSearch: true });
      const copy = copies.find((request) => new URL(request.url).searchParams.has('offline'));
      if (copy) return cache.match(copy);
    }
    return undefined;
  };
  return (await precached(`${page}.html`)) ?? (await precached('/index.html')) ?? Response.error();
};

/** Only real files: a 200 that is not the SPA fallback's HTML standing in for a missing chunk. */
const realFileOnly = async ({ response }) =>
  response.status === 200 && !(response.headers.get('Content-Type') ?? '').startsWith('text/html') ? response : null;

/**
 * Servers add `Vary: Origin` (vite preview does): a module script's request carries an Origin
 * header, the warm-up's fetch() does not, and the copy would never match. Our files do not vary.
 */
const IGNORE_VARY = { ignoreVary: true };

/**
 * generateSW options: prompt mode (the worker waits until the app's Reload asks it to take over),
 * claims the tab on its first install so the first visit's files get cached, no importScripts (the
 * CSP's Trusted Types would refuse a script URL string in the worker).
 * @param {() => string} outDir
 * @returns {Partial<import('workbox-build').GenerateSWOptions>}
 */
export function workboxOptions(outDir) {
  return {
    globPatterns: ['**/*.{html,js,css,webmanifest,svg,png,ico}'],
    globIgnores: ['**/*.{br,gz}', 'assets/i18n/**', WORKER_FILE, 'workbox-*.js'],
    manifestTransforms: [firstLoadOnly(outDir)],
    // Hashed files need no revision query; the pages and the manifest keep theirs.
    dontCacheBustURLsMatching: /^assets\//,
    navigateFallback: null,
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    mode: 'production',
    sourcemap: false,
    runtimeCaching: [
      {
        urlPattern: isPageNavigation,
        handler: 'NetworkFirst',
        options: {
          cacheName: CACHES.pages,
          matchOptions: IGNORE_VARY,
          plugins: [
            {
              cacheKeyWillBeUsed: pageKey,
              cacheWillUpdate: appPageOnly,
              cachedResponseWillBeUsed: appPageOnly,
              handlerDidError: offlinePage,
            },
          ],
        },
      },
      {
        urlPattern: isHashedAsset,
        handler: 'CacheFirst',
        options: {
          cacheName: CACHES.assets,
          matchOptions: IGNORE_VARY,
          expiration: { maxEntries: 200 },
          plugins: [{ cacheWillUpdate: realFileOnly }],
        },
      },
      {
        urlPattern: isNamedFile,
        handler: 'NetworkFirst',
        options: { cacheName: CACHES.files, matchOptions: IGNORE_VARY, plugins: [{ cacheWillUpdate: realFileOnly }] },
      },
    ],
  };
}
