// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createServer as createViteServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir, precompressPlugin, servePrecompressed } from './precompress.mjs';

const script = 'export const answer = 42;\n'.repeat(200);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'snxt-precompress-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/app.js'), script);
  writeFileSync(join(dir, 'assets/tiny.css'), 'a{}');
  writeFileSync(join(dir, 'assets/logo.png'), Buffer.alloc(4096, 1));
  writeFileSync(join(dir, 'outside.js'), script);
  precompressDir(dir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies that decompress to the original', () => {
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets/app.js.gz'))).toString()).toBe(script);
  });

  it('leaves small files and binary formats alone', () => {
    expect(existsSync(join(dir, 'assets/tiny.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/logo.png.br'))).toBe(false);
  });
});

describe('servePrecompressed', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const serve = servePrecompressed(join(dir, 'assets'));
    server = createServer((request, response) =>
      serve(request, response, () => {
        response.statusCode = 404;
        response.end('passed on');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw response, path sent as is (fetch would normalise `..` and decode the body). */
  function get(path: string, acceptEncoding: string, method = 'GET', ifNoneMatch?: string) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = { 'accept-encoding': acceptEncoding, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) };
      const request = httpRequest(`${origin}${path}`, { method, headers });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('answers with the brotli copy when the browser accepts it', async () => {
    const { status, headers, body } = await get('/app.js', 'gzip, deflate, br, zstd');
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('answers a request for what the browser has already with 304, each copy with its own validator', async () => {
    const brotli = await get('/app.js', 'br');
    const gzip = await get('/app.js', 'gzip');
    expect(brotli.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(gzip.headers.etag).not.toBe(brotli.headers.etag);
    const again = await get('/app.js', 'br', 'GET', brotli.headers.etag);
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get('/app.js', 'br', 'GET', gzip.headers.etag)).status).toBe(200);
    expect((await get('/app.js', 'br', 'GET', 'W/"stale"')).status).toBe(200);
  });

  it('falls back to the gzip copy, and passes on when neither is accepted', async () => {
    expect((await get('/app.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/app.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/app.js', 'identity')).body.toString()).toBe('passed on');
  });

  it('passes on files without copies, missing files and paths outside the build', async () => {
    expect((await get('/tiny.css', 'br')).body.toString()).toBe('passed on');
    expect((await get('/gone.js', 'br')).body.toString()).toBe('passed on');
    expect((await get('/../outside.js', 'br')).body.toString()).toBe('passed on');
    expect((await get('/%2e%2e/outside.js', 'br')).body.toString()).toBe('passed on');
    expect((await get('/app.js', 'br', 'POST')).body.toString()).toBe('passed on');
  });

  it('stops serving the copies once the original is gone (a new deploy removed it)', async () => {
    writeFileSync(join(dir, 'assets/old.js'), script);
    precompressDir(join(dir, 'assets'));
    rmSync(join(dir, 'assets/old.js'));
    expect((await get('/old.js', 'br')).body.toString()).toBe('passed on');
  });
});

describe('precompressPlugin', () => {
  it('compresses a build only: a dev server (or a test run) that closes leaves the last build as it is', async () => {
    const root = mkdtempSync(join(tmpdir(), 'snxt-precompress-dev-'));
    try {
      mkdirSync(join(root, 'dist'));
      writeFileSync(join(root, 'dist/app.js'), script);
      const server = await createViteServer({
        root,
        configFile: false,
        logLevel: 'silent',
        server: { middlewareMode: true, ws: false },
        plugins: [precompressPlugin()],
      });
      await server.close();
      expect(existsSync(join(root, 'dist/app.js.br'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
