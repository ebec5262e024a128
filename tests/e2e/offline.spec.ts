import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

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
