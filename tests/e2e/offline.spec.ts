import type { BrowserContext, Page } from '@playwright/test';
import { appReady, appUrl, expect, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });

const SETTINGS_CHUNK = /\/assets\/settings-[\w-]+\.js$/;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const language = (page: Page, label: string) => page.getByRole('banner').getByRole('combobox', { name: label });
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

/** Our files under /assets/ the page has loaded that no cache of the worker holds yet. */
const uncached = (page: Page) =>
  page.evaluate(async () => {
    const urls = new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.href),
    );
    const missing: string[] = [];
    for (const url of urls) if (!(await caches.match(url))) missing.push(url);
    return { loaded: [...urls], missing };
  });

/** Waits until a worker controls the page and holds every file the page loaded, the settings chunk among them. */
async function waitUntilOfflineReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  await expect
    .poll(
      async () => {
        const { loaded, missing } = await uncached(page);
        return { settingsChunkLoaded: loaded.some((url) => SETTINGS_CHUNK.test(url)), missing };
      },
      { timeout: 20_000 },
    )
    .toEqual({ settingsChunkLoaded: true, missing: [] });
}

test.describe('offline after one visit', () => {
  test('the shell, both pages, themes and a language used before work offline; a new language falls back to English', async ({
    page,
    context,
  }) => {
    // First visit, online: German is used once, then English again.
    await page.goto('/settings');
    await appReady(page);
    await language(page, 'Language').selectOption('DE');
    await expect(heading(page, 'Einstellungen')).toBeVisible();
    await language(page, 'Sprache').selectOption('EN');
    await expect(heading(page, 'Settings')).toBeVisible();
    await waitUntilOfflineReady(page);

    await context.setOffline(true);
    await page.goto('/');
    await expect(heading(page, 'Starter Next')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(heading(page, 'Settings')).toBeVisible();
    const main = page.getByRole('main');
    await main.getByLabel('Theme', { exact: true }).selectOption({ label: 'Black' });
    await expect(page.locator('html')).toHaveClass(/\bblack-theme\b/);

    await language(page, 'Language').selectOption('DE');
    await expect(heading(page, 'Einstellungen')).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);

    // Never loaded: English, and the one warning that says so.
    await language(page, 'Sprache').selectOption('FR');
    await expect(heading(page, 'Settings')).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Some translations could not be loaded' })).toHaveCount(1);

    await page.getByRole('banner').getByRole('link', { name: 'Starter Next' }).first().click();
    await expect(heading(page, 'Starter Next')).toBeVisible();
  });

  test('/settings opens offline directly, and reloads there', async ({ page, context }) => {
    await page.goto('/');
    await expect(heading(page, 'Starter Next')).toBeVisible();
    await waitUntilOfflineReady(page);

    await context.setOffline(true);
    await page.goto('/settings');
    await expect(heading(page, 'Settings')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Sticky header' })).toBeVisible();
    await page.reload();
    await expect(heading(page, 'Settings')).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    // An unknown path is the app's too: its not-found page inside the shell, not the browser's error.
    await page.goto('/no/such/page');
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('the worker keeps no copy of itself, of other origins, or of a sign-in answer’s code', async ({ page }) => {
    await page.goto('/?code=one-time-secret&state=abc');
    await waitUntilOfflineReady(page);
    await page.goto('/');
    const keys = await page.evaluate(async () => {
      const all: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) all.push(request.url);
      }
      return all;
    });
    expect(keys.length).toBeGreaterThan(0);
    for (const url of keys) {
      expect(new URL(url).origin).toBe(new URL(page.url()).origin);
      expect(url).not.toContain('one-time-secret');
      expect(new URL(url).pathname).not.toBe('/sw.js');
    }
  });
});

test.describe('the offline shell is only ever the app', () => {
  test.use({ baseURL: appUrl('bare') });

  /** Visits the app, then the foreign page online, then opens app paths offline: each shows the app, never that page. */
  async function expectAppOfflineAfter(page: Page, context: BrowserContext, foreign: string, text: string) {
    await page.goto('/');
    await appReady(page);
    await waitUntilOfflineReady(page);
    // Through the worker now: kept as the shell.
    await page.goto('/');
    await appReady(page);
    await page.goto(foreign);
    await expect(page.getByText(text)).toBeVisible();

    await context.setOffline(true);
    for (const path of ['/', '/profile', '/settings', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('banner'), path).toBeVisible();
      await expect(page.getByText(text), path).toHaveCount(0);
    }
    // Whatever the worker kept is one of the app's pages, with the app's policy.
    const kept = await page.evaluate(async () => {
      const cache = await caches.open('snxt-pages');
      return Promise.all(
        (await cache.keys()).map(async (request) => {
          const response = (await cache.match(request))!;
          return {
            path: new URL(request.url).pathname,
            csp: Boolean(response.headers.get('Content-Security-Policy')),
            app: (await response.text()).includes('<div id="root" data-prerendered='),
          };
        }),
      );
    });
    expect(kept.map((entry) => entry.path)).toContain('/index.html');
    for (const entry of kept) expect(entry).toEqual({ path: entry.path, csp: true, app: true });
  }

  test('a private same-origin page (no-store) is never kept, nor shown offline for an app path', async ({
    page,
    context,
  }) => {
    const statement = 'ACCOUNT STATEMENT of demo@example.com';
    // The worker's own requests go through context routes too.
    await context.route('**/api-report.html', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store, private' },
        body: `<!doctype html><title>Statement</title><h1>${statement}</h1>`,
      }),
    );
    await expectAppOfflineAfter(page, context, '/api-report.html', statement);
  });

  test('a same-origin page that is not the app is never kept, even with the app’s headers', async ({
    page,
    context,
  }) => {
    await context.route('**/legal.html', async (route) => {
      const app = await route.fetch({ url: new URL('/', route.request().url()).href });
      await route.fulfill({
        status: 200,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': app.headers()['content-security-policy']!,
          'Cache-Control': 'no-cache',
        },
        body: '<!doctype html><title>Legal</title><div id="root"><h1>Legal notice</h1></div>',
      });
    });
    await expectAppOfflineAfter(page, context, '/legal.html', 'Legal notice');
  });
});
