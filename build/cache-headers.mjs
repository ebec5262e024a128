// Cache-Control per path of the built app. Pages, the service worker and the web manifest are
// revalidated on every load (a deploy shows at once); hashed build files never change under their
// name and are kept for a year. The translations and icons under /assets/ keep their names from
// build to build, so they are revalidated too.

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files under /assets/ whose names carry no content hash (copied from public/). */
export const NAMED_ASSET_DIRS = ['/assets/i18n/', '/assets/icons/'];

/**
 * `_headers` path patterns and their Cache-Control, none overlapping another (hosts join the values
 * of two matching rules into one header): each page with and without `.html`, the worker (and any
 * Workbox file it could import), the manifest, the named asset folders, and each hashed file.
 * @param {string[]} files the build's files, relative to its folder (`index.html`, `assets/index-abc.js`)
 * @returns {[string, string][]}
 */
export function cacheRules(files) {
  const rules = new Map();
  for (const file of [...files].sort()) {
    if (file.endsWith('.html')) {
      const page = file === 'index.html' ? '/' : `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
      rules.set(page, NO_CACHE);
      rules.set(`/${file}`, NO_CACHE);
    } else if (file.startsWith('assets/') && !NAMED_ASSET_DIRS.some((dir) => `/${file}`.startsWith(dir))) {
      rules.set(`/${file}`, IMMUTABLE);
    }
  }
  for (const path of ['/sw.js', '/workbox-*', '/manifest.webmanifest', ...NAMED_ASSET_DIRS.map((dir) => `${dir}*`)]) {
    rules.set(path, NO_CACHE);
  }
  return [...rules];
}

/**
 * Whether a `_headers` path pattern matches a URL path: `*` stands for any run of characters.
 * @param {string} pattern
 * @param {string} path
 */
export function pathMatches(pattern, path) {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}
