// The build's own record of its files under /assets/, which the worker checks an answer against before it keeps it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const integrityOf = (bytes) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

export function assetRecord(outDir) {
  const root = join(outDir, 'assets');
  if (!existsSync(root)) return {};
  const record = {};
  for (const name of readdirSync(root, { recursive: true }).map(String).sort()) {
    const file = join(root, name);
    if (/\.(br|gz)$/.test(name) || !statSync(file).isFile()) continue;
    record[`/assets/${name.split('\\').join('/')}`] = integrityOf(readFileSync(file));
  }
  return record;
}

export function withIntegrity(entry, record) {
  const integrity = record[`/${entry.url}`];
  return integrity ? { ...entry, integrity } : entry;
}

// Runs in the worker: Workbox copies its source into sw.js, so it uses nothing from this module.
const builtAssetOnly = async (params, record) => {
  const stored = 'cachedResponse' in params;
  const response = stored ? params.cachedResponse : params.response;
  if (!response || !params.request) return null;
  const JS = ['text/javascript', 'application/javascript', 'application/x-javascript', 'text/ecmascript'];
  const TYPES = {
    js: JS,
    mjs: JS,
    css: ['text/css'],
    json: ['application/json'],
    webmanifest: ['application/manifest+json'],
    svg: ['image/svg+xml'],
    png: ['image/png'],
    webp: ['image/webp'],
    avif: ['image/avif'],
    jpg: ['image/jpeg'],
    jpeg: ['image/jpeg'],
    gif: ['image/gif'],
    ico: ['image/x-icon', 'image/vnd.microsoft.icon'],
    woff2: ['font/woff2'],
    woff: ['font/woff'],
    wasm: ['application/wasm'],
  };
  const path = new URL(params.request.url).pathname;
  const extension = (/\.([a-z\d]+)$/i.exec(path)?.[1] ?? '').toLowerCase();
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  const expected = Object.hasOwn(record, path) ? record[path] : null;
  const typed = Object.hasOwn(TYPES, extension) ? TYPES[extension].includes(type) : Boolean(expected);
  const isBuilt = async () => {
    if (response.status !== 200 || !typed) return false;
    if (!expected) return true;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
    return `sha256-${btoa(String.fromCharCode(...digest))}` === expected;
  };
  if (await isBuilt()) return response;
  if (stored) await (await caches.open(params.cacheName)).delete(params.request, params.matchOptions);
  return null;
};

// Workbox writes a hook into sw.js as its source text once the build is written: this text carries the record then.
function withRecord(check, record) {
  const hook = (params) => check(params, record());
  hook.toString = () => `(params) => (${String(check)})(params, ${JSON.stringify(record())})`;
  return hook;
}

export function builtAssetsPlugin(outDir, paths) {
  const record = () => Object.fromEntries(Object.entries(assetRecord(outDir())).filter(([path]) => paths.test(path)));
  return {
    cacheWillUpdate: withRecord(builtAssetOnly, record),
    cachedResponseWillBeUsed: withRecord(builtAssetOnly, record),
  };
}
