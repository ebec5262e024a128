import { appReady, expect, test } from './fixtures';

const toasts = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

test.describe('global error handling', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    // Errors are the app's to show: it must be running.
    await appReady(page);
  });

  test('an uncaught error shows exactly "An error occurred." for about 3 s and is logged', async ({
    page,
    consoleErrors,
  }) => {
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom');
      });
    });
    const toast = toasts(page);
    await expect(toast).toHaveCount(1);
    await expect(toast).toHaveText('An error occurred.');
    await expect(toast).toBeHidden({ timeout: 5_000 });
    expect(consoleErrors.some((text) => text.includes('boom'))).toBe(true);
  });

  test('an unhandled rejection shows the same toast', async ({ page }) => {
    await page.evaluate(() => void Promise.reject(new Error('rejected')));
    await expect(toasts(page)).toHaveText('An error occurred.');
    await expect(toasts(page)).toBeHidden({ timeout: 5_000 });
  });

  test('a burst of identical errors shows one toast', async ({ page }) => {
    await page.evaluate(() => {
      for (let i = 0; i < 50; i++) {
        setTimeout(() => {
          throw new Error('again');
        });
      }
    });
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveText('An error occurred.');
  });

  test('the toast can be dismissed and the app keeps working', async ({ page }) => {
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom');
      });
    });
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toasts(page)).toHaveCount(0);
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page).toHaveTitle('Settings - Starter Next');
  });
});
