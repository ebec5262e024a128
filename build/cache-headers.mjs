// Revalidated: what keeps its name across deploys (pages, worker, manifest, translations, icons). Hashed: a year.

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const NAMED_ASSET_DIRS = ['/assets/i18n/', '/assets/icons/'];

// No pattern overlaps another: hosts join the values of two matching rules into one header.
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

export function pathMatches(pattern, path) {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}
