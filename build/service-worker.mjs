// The worker precaches what a first visit paints (pages, what they reference, icons); the rest is cached on first use.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetRecord, builtAssetsPlugin, withIntegrity } from './built-assets.mjs';

// The app registers exactly this URL (WORKER_URL, src/features/offline/service-worker.ts).
export const WORKER_FILE = 'sw.js';

const OFFLINE_COPY = '?offline';

export const CACHES = { pages: 'snxt-pages', assets: 'snxt-assets', files: 'snxt-files' };

const HASHED_ASSET = /^\/assets\/(?!(i18n|icons)\/)/;
const NAMED_FILE = /^\/assets\/(i18n|icons)\//;

export function referencedPaths(html) {
  const named = /(?:\b(?:src|href)=|"(?:entry|intlWarmUp|translations|manifest)":)"(\/(?!\/)[^"?#]*)/g;
  const listed = [...html.matchAll(/"(?:modules|renderer)":\[([^\]]*)\]/g)].flatMap(
    ([, list]) => list.match(/[^",]+/g) ?? [],
  );
  return [...[...html.matchAll(named)].map(([, path]) => path), ...listed.filter((path) => /^\/(?!\/)/.test(path))];
}

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

/** @returns {import('workbox-build').ManifestTransform} */
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
    const record = assetRecord(outDir());
    const manifest = entries
      .filter((entry) => wanted.has(entry.url))
      // Only as its offline copy: under its own URL the precache would answer navigations, which go to the network.
      .map((entry) => (entry.url.endsWith('.html') ? { ...entry, url: `${entry.url}${OFFLINE_COPY}` } : entry))
      .map((entry) => withIntegrity(entry, record));
    return { manifest, warnings: [] };
  };
}

// The functions below run in the worker: Workbox copies their source into sw.js, so they use nothing from this module.

const isPageNavigation = ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin;

const isHashedAsset = ({ url }) =>
  url.origin === self.location.origin &&
  url.pathname.startsWith('/assets/') &&
  !/^\/assets\/(i18n|icons)\//.test(url.pathname);

const isNamedFile = ({ url }) =>
  url.origin === self.location.origin && /^\/assets\/(i18n\/[\w-]+\.json|icons\/[\w-]+\.svg)$/.test(url.pathname);

// One entry per page whatever the URL: a sign-in answer's one-time code never becomes a key, unknown paths add none.
const pageKey = async ({ request, state }) => {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const page = path === '' || path === '/index.html' ? '/index' : path.replace(/\.html$/, '');
  const candidate = `${self.location.origin}${page}.html`;
  const known = page !== '/index' && (await caches.match(candidate, { ignoreSearch: true }));
  const key = known ? candidate : `${self.location.origin}/index.html`;
  if (state) state.key = key;
  return key;
};

// Only the app's own page for its key: 200 HTML, cacheable, its precached copy's CSP and root; else it is deleted.
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

// `Vary: Origin` (vite preview sends it) would never match: module scripts send an Origin, the warm-up's fetch() none.
const IGNORE_VARY = { ignoreVary: true };

// Waits for the app's Reload, claims the first visit's tab, imports no script (Trusted Types would refuse its URL).
/** @returns {Partial<import('workbox-build').GenerateSWOptions>} */
export function workboxOptions(outDir) {
  return {
    globPatterns: ['**/*.{html,js,css,webmanifest,svg,png,ico}'],
    globIgnores: ['**/*.{br,gz}', 'assets/i18n/**', WORKER_FILE, 'workbox-*.js'],
    manifestTransforms: [firstLoadOnly(outDir)],
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
          plugins: [builtAssetsPlugin(outDir, HASHED_ASSET)],
        },
      },
      {
        urlPattern: isNamedFile,
        handler: 'NetworkFirst',
        options: {
          cacheName: CACHES.files,
          matchOptions: IGNORE_VARY,
          plugins: [builtAssetsPlugin(outDir, NAMED_FILE)],
        },
      },
    ],
  };
}
