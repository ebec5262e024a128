// Brotli and gzip copies at the highest levels, made once (too slow per request): the entry is ~13% smaller than gzip.
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const MIN_BYTES = 1024; // less saves less than a network packet

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

export function precompressDir(dir) {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!(extname(file) in COMPRESSIBLE)) continue;
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    count += 1;
  }
  return count;
}

function acceptedEncodings(header) {
  return new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name.toLowerCase()),
  );
}

export function servePrecompressed(root) {
  const base = resolve(root);
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      return next();
    }
    const file = resolve(base, `.${pathname}`);
    const type = COMPRESSIBLE[extname(file)];
    if (!type || !file.startsWith(base + sep) || !existsSync(file)) return next();
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const match = ENCODINGS.find(([name, suffix]) => accepted.has(name) && existsSync(file + suffix));
    if (!match) return next();
    const [encoding, suffix] = match;
    const { size, mtimeMs } = statSync(file + suffix);
    const etag = `W/"${size.toString(16)}-${Math.round(mtimeMs).toString(16)}"`;
    response.setHeader('Content-Type', type);
    response.setHeader('Content-Encoding', encoding);
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      response.statusCode = 304;
      return response.end();
    }
    response.setHeader('Content-Length', size);
    if (request.method === 'HEAD') return response.end();
    createReadStream(file + suffix).pipe(response);
  };
}

/** @returns {import('vite').Plugin} */
export function precompressPlugin() {
  let outDir = 'dist';
  let building = false;
  return {
    name: 'snxt-precompress',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    // After the security headers plugin (also 'post'), whose middleware must run first.
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      building = config.command === 'build';
    },
    // A dev server (Vitest's too) calls closeBundle as it closes: the last build is not its to compress.
    closeBundle: {
      order: 'post',
      handler() {
        if (building && existsSync(outDir)) precompressDir(outDir);
      },
    },
    configurePreviewServer(server) {
      const serve = servePrecompressed(outDir);
      server.middlewares.use(serve);
      // Pages again once Vite's HTML fallback has named their file (/ → /index.html, /settings → /settings.html).
      return () => server.middlewares.use(serve);
    },
  };
}
