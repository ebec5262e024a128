import type { Page } from '@playwright/test';
import { appReady, expect, nothingHappensFor, test } from './fixtures';

const SETTINGS_CHUNK = /\/assets\/settings-[\w-]+\.js(\?.*)?$/;

/**
 * Counts the documents the tab has shown: the first visit is 1, each reload adds one. (Counted
 * from inside each document: a reload that replaces a reload still in flight shows nothing.)
 */
async function countDocuments(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    sessionStorage.setItem('e2e-documents', String(Number(sessionStorage.getItem('e2e-documents')) + 1));
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem('e2e-documents')));
}

// After a deploy, the chunks an open tab knows of are gone. TanStack Router's lazy route
// components reload the page once for a missing module (remembered per module in
// sessionStorage), and only when the page that needs it renders.
// With the service worker allowed too: the worker registers once the first page is idle, and must
// neither hide a missing chunk nor turn the one reload into more.
for (const serviceWorkers of ['block', 'allow'] as const) {
  test.describe(`stale chunk recovery (service workers: ${serviceWorkers})`, () => {
    test.use({ serviceWorkers });
    test('a page chunk missing on the first load is fetched again by one reload', async ({ page }) => {
      // The deploy "happens" before the first visit: every request of the first document fails,
      // the inline script's early preload and the app's own import alike.
      let navigations = 0;
      let requests = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest()) navigations += 1;
      });
      await page.route(
        SETTINGS_CHUNK,
        (route) => (requests++, navigations < 2 ? route.abort('failed') : route.continue()),
      );
      const documents = await countDocuments(page);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      // The prerendered page shows at once; the app runs on it after the reload.
      await expect.poll(() => documents().catch(() => 0)).toBe(2);
      await appReady(page);
      expect(await documents()).toBe(2);
      // At least the failed request and the one that worked.
      expect(requests).toBeGreaterThanOrEqual(2);
    });

    test('a failed background preload does not reload; the navigation that needs the chunk does', async ({ page }) => {
      const documents = await countDocuments(page);
      // The deploy "happens" before the first visit and is over once the tab reloads after the click.
      let clicked = false;
      let reloaded = false;
      page.on('request', (request) => {
        if (clicked && request.isNavigationRequest()) reloaded = true;
      });
      await page.route(SETTINGS_CHUNK, (route) => (reloaded ? route.continue() : route.abort('failed')));
      const preloadFailed = page.waitForEvent('requestfailed', (request) => SETTINGS_CHUNK.test(request.url()));
      await page.goto('/');
      await preloadFailed;
      await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
      expect(await documents()).toBe(1);

      clicked = true;
      await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(page).toHaveURL(/\/settings$/);
      expect(await documents()).toBe(2);
    });

    test('a chunk that stays missing reloads at most once, then shows an error', async ({ page }) => {
      await page.route(SETTINGS_CHUNK, (route) => route.abort('failed'));
      const documents = await countDocuments(page);
      await page.goto('/settings');
      await expect(page.getByRole('alert')).toContainText('This page could not be shown');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await nothingHappensFor(page, 1_500, 'a reload loop would have reloaded again by now');
      expect(await documents()).toBeLessThanOrEqual(2);
      await expect(page.getByRole('banner')).toBeVisible();
    });
  });
}
