import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const SETTINGS_CHUNK = /\/assets\/settings-[\w-]+\.js$/;
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

test.describe('first load', () => {
  /**
   * The pathnames a page has requested while its entry script is still downloading (held back
   * here), then lets the entry through.
   */
  async function requestedBeforeEntry(page: Page, path: string): Promise<string[]> {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const entryRequested = new Promise<void>((resolve) =>
      page.route(ENTRY, async (route) => {
        resolve();
        await released;
        await route.continue();
      }),
    );
    const loaded = page.goto(path);
    await entryRequested;
    // The boot script adds the entry's preload with the small files, in one go: wait until each is requested.
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"], link[rel="modulepreload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    await expect.poll(() => preloads.every((path) => requested.includes(path))).toBe(true);
    const before = [...requested];
    release();
    await loaded;
    return before;
  }

  test('opening a page directly fetches its chunk while the entry script downloads', async ({
    page,
    consoleErrors,
  }) => {
    const before = await requestedBeforeEntry(page, '/settings');
    expect(before.filter((path) => SETTINGS_CHUNK.test(path))).toHaveLength(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the home page fetches no other page early', async ({ page }) => {
    const before = await requestedBeforeEntry(page, '/');
    expect(before.filter((path) => SETTINGS_CHUNK.test(path))).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('scripts and translations are served precompressed with brotli', async ({ request, baseURL }) => {
    const html = await (await request.get(`${baseURL}/`)).text();
    // The stylesheet is inlined into the pages (tests/e2e/hydration.spec.ts).
    // The boot script imports the entry after the first paint: its URL is in the boot script's data.
    const files = [/"entry":"([^"]+\.js)"/.exec(html)?.[1], '/assets/i18n/en.json'];
    for (const file of files) {
      expect(file, 'asset named in index.html').toBeTruthy();
      const response = await request.get(`${baseURL}${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-encoding'], file).toBe('br');
      expect((await response.body()).length, file).toBeGreaterThan(0);
    }
  });

  test('the files a first visit runs ask to be compiled whole as they arrive; what loads later does not', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get(`${baseURL}/settings`)).text();
    const start = JSON.parse(/\((\{"entry":.*?\})\)\}\)\(\);<\/script>/.exec(html)?.[1] ?? 'null') as {
      entry: string;
      modules: string[];
      renderer: string[];
      pages: Record<string, string[]>;
    } | null;
    expect(start, "the boot script's start data").not.toBeNull();
    const firstRun = [start!.entry, ...start!.modules, ...start!.renderer, ...(start!.pages['/settings'] ?? [])];
    expect(firstRun.length).toBeGreaterThanOrEqual(3);
    const text = async (file: string) => (await request.get(`${baseURL}${file}`)).text();
    for (const file of firstRun) expect((await text(file)).split('\n')[0], file).toBe('//# allFunctionsCalledOnLoad');
    const toaster = /assets\/toaster-[\w-]+\.js/.exec(await text(start!.entry))?.[0];
    expect(toaster, 'a chunk the entry loads later').toBeTruthy();
    expect(await text(`/${toaster}`)).not.toContain('allFunctionsCalledOnLoad');
  });

  test('pages are served precompressed with brotli too, the way a static host with brotli_static does', async ({
    request,
    baseURL,
  }) => {
    const headers = { 'accept-encoding': 'br, gzip', accept: 'text/html' };
    // A prerendered page, the home page, a path in a folder, and one only the app knows (the single-page fallback).
    for (const [path, title] of [
      ['/', 'Starter Next'],
      ['/settings', 'Settings - Starter Next'],
      ['/index.html', 'Starter Next'],
      ['/settings/', 'Starter Next'],
      ['/no-such-page', 'Starter Next'],
    ]) {
      const response = await request.get(`${baseURL}${path}`, { headers });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-encoding'], path).toBe('br');
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(response.headers()['content-security-policy'], path).toContain("default-src 'self'");
      expect(await response.text(), path).toContain(`<title>${title}</title>`);
    }
    const plain = await request.get(`${baseURL}/settings`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(await plain.text()).toContain('<title>Settings - Starter Next</title>');
  });
});
