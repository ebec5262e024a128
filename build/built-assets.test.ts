// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHES, firstLoadOnly, workboxOptions } from './service-worker.mjs';

const ORIGIN = 'https://app.test';
const PALETTE = 'assets/command-palette-Due9y3XW.js';
const PALETTE_JS = 'export function CommandPalette(){return null}';
const FILES: Record<string, string> = {
  'index.html': '<script type="module" src="/assets/index-a1.js"></script>',
  'assets/index-a1.js': 'import("./command-palette-Due9y3XW.js")',
  'assets/index-a1.js.br': 'compressed',
  [PALETTE]: PALETTE_JS,
  'assets/i18n/en.json': '{"snxt.menu.settings":"Settings"}',
  'assets/icons/home.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

function build(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'snxt-assets-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

type Hook = (params: Record<string, unknown>) => Promise<Response | null>;

/** A route's plugin hooks rebuilt from their source, as Workbox writes them into sw.js once the build is written. */
function routePlugin(dir: string, cacheName: string): Record<'cacheWillUpdate' | 'cachedResponseWillBeUsed', Hook> {
  const route = workboxOptions(() => dir).runtimeCaching!.find((entry) => entry.options?.cacheName === cacheName)!;
  const plugin = route.options!.plugins![0] as unknown as Record<string, Hook | undefined>;
  const copy = (hook: Hook | undefined) =>
    hook ? (new Function(`return (${String(hook)})`)() as Hook) : async () => null;
  return {
    cacheWillUpdate: copy(plugin.cacheWillUpdate),
    cachedResponseWillBeUsed: copy(plugin.cachedResponseWillBeUsed),
  };
}

const answer = (body: string, type: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': type } });

describe('the asset cache keeps only what the build made', () => {
  let dir: string;
  let deleted: string[];
  let plugin: ReturnType<typeof routePlugin>;

  beforeEach(() => {
    dir = build(FILES);
    deleted = [];
    vi.stubGlobal('caches', {
      open: async () => ({ delete: async (request: Request) => deleted.push(new URL(request.url).pathname) }),
    });
    plugin = routePlugin(dir, CACHES.assets);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** What the cache-first route would store for this answer: the answer itself, or nothing. */
  const kept = async (path: string, response: Response) =>
    Boolean(
      await plugin.cacheWillUpdate({ request: new Request(`${ORIGIN}/${path}`), response, event: {}, state: {} }),
    );

  it('keeps a chunk only when its bytes are the build’s, whatever the case of its type', async () => {
    expect(await kept(PALETTE, answer(PALETTE_JS, 'text/javascript; charset=utf-8'))).toBe(true);
    expect(await kept(PALETTE, answer(PALETTE_JS, 'Application/JavaScript'))).toBe(true);
  });

  it.each([
    ['a proxy’s text/plain error page', answer('Upstream busy', 'text/plain')],
    ['an HTML page', answer('<!doctype html><p>Not here</p>', 'Text/HTML; charset=utf-8')],
    ['JavaScript whose bytes differ from the build’s', answer(`${PALETTE_JS};alert(1)`, 'text/javascript')],
    ['the build’s JavaScript cut short', answer(PALETTE_JS.slice(0, 20), 'text/javascript')],
    ['the build’s bytes under another type', answer(PALETTE_JS, 'text/plain')],
    ['the build’s bytes with no type', new Response(PALETTE_JS)],
    ['the build’s bytes as a 203', answer(PALETTE_JS, 'text/javascript', 203)],
    ['a 404', answer('Not found', 'text/javascript', 404)],
  ])('never keeps %s at a chunk’s path', async (_case, response) => {
    expect(await kept(PALETTE, response)).toBe(false);
  });

  it('keeps a file the build does not list (an older build’s) only with the type its extension needs', async () => {
    expect(await kept('assets/settings-old1.js', answer('export{}', 'TEXT/JAVASCRIPT'))).toBe(true);
    expect(await kept('assets/legacy-Ab12.css', answer('p{}', 'text/css; charset=utf-8'))).toBe(true);
    expect(await kept('assets/legacy-Ab12.css', answer('<!doctype html><p>busy</p>', 'Text/HTML; charset=utf-8'))).toBe(
      false,
    );
    expect(await kept('assets/legacy-Ab12.css', answer('p{}', 'text/plain'))).toBe(false);
    expect(await kept('assets/settings-old1.js', answer('Upstream busy', 'text/plain'))).toBe(false);
    expect(await kept('assets/blob-old1.bin', answer('bytes', 'application/octet-stream'))).toBe(false);
  });

  it('drops a kept copy that is not the build’s (kept by an older worker) instead of serving it', async () => {
    const serve = (path: string, cachedResponse: Response) =>
      plugin.cachedResponseWillBeUsed({
        cacheName: CACHES.assets,
        request: new Request(`${ORIGIN}/${path}`),
        matchOptions: { ignoreVary: true },
        cachedResponse,
        event: {},
        state: {},
      });
    expect(await serve(PALETTE, answer('Upstream busy', 'text/plain'))).toBeNull();
    expect(await serve('assets/legacy-Ab12.css', answer('<p>busy</p>', 'text/html'))).toBeNull();
    expect(deleted).toEqual([`/${PALETTE}`, '/assets/legacy-Ab12.css']);
    expect(await serve(PALETTE, answer(PALETTE_JS, 'text/javascript'))).not.toBeNull();
    expect(deleted).toHaveLength(2);
  });

  it('checks the translations and icons by the same record', async () => {
    const files = routePlugin(dir, CACHES.files);
    const keep = async (path: string, response: Response) =>
      Boolean(
        await files.cacheWillUpdate({ request: new Request(`${ORIGIN}/${path}`), response, event: {}, state: {} }),
      );
    expect(await keep('assets/i18n/en.json', answer(FILES['assets/i18n/en.json']!, 'application/json'))).toBe(true);
    expect(await keep('assets/i18n/en.json', answer('{"snxt.menu.settings":"Hacked"}', 'application/json'))).toBe(
      false,
    );
    expect(await keep('assets/i18n/en.json', answer('Upstream busy', 'text/plain'))).toBe(false);
    expect(await keep('assets/icons/home.svg', answer(FILES['assets/icons/home.svg']!, 'image/svg+xml'))).toBe(true);
  });

  it('writes the record into the worker as it was when the build was written, not when it was configured', async () => {
    const later = build({});
    const lateWorker = workboxOptions(() => later);
    mkdirSync(join(later, 'assets'), { recursive: true });
    writeFileSync(join(later, 'assets/late-x1.js'), 'late');
    const route = lateWorker.runtimeCaching!.find((entry) => entry.options?.cacheName === CACHES.assets)!;
    const text = String((route.options!.plugins![0] as { cacheWillUpdate: unknown }).cacheWillUpdate);
    expect(text).toContain(`"/assets/late-x1.js":"${sha256('late')}"`);
    expect(text).not.toContain('/assets/i18n/');
  });
});

describe('the precache', () => {
  it('fetches each precached file under /assets/ with the integrity of the build’s bytes', async () => {
    const dir = build(FILES);
    const entries = ['index.html', 'assets/index-a1.js', 'assets/icons/home.svg'].map((url) => ({
      url,
      revision: url.endsWith('.html') ? 'r1' : null,
      size: 1,
    }));
    const { manifest } = await firstLoadOnly(() => dir)(entries);
    expect(manifest).toEqual([
      { url: 'index.html?offline', revision: 'r1', size: 1 },
      { url: 'assets/index-a1.js', revision: null, size: 1, integrity: sha256(FILES['assets/index-a1.js']!) },
      { url: 'assets/icons/home.svg', revision: null, size: 1, integrity: sha256(FILES['assets/icons/home.svg']!) },
    ]);
  });
});
