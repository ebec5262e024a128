import type { Page } from '@playwright/test';
import { appReady, expect, isPlaywrightsOwnLine, test } from './fixtures';

const UNAVAILABLE = 'Your browser is not saving data, so settings last until you close this tab.';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

function consoleWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && !isPlaywrightsOwnLine(message)) warnings.push(message.text());
  });
  return warnings;
}

/** Puts raw items into localStorage once, before the app's first start in this test. */
async function seedStorage(page: Page, items: [string, string][]) {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, items);
}

test('stored keys that name a prototype are ignored with one warning and pollute nothing', async ({
  page,
  consoleErrors,
}) => {
  const warnings = consoleWarnings(page);
  await seedStorage(page, [
    ['snxt-__proto__.auth', '{"isAuthenticated":true}'],
    ['snxt-constructor.prototype.x', '{"polluted":true}'],
    ['snxt-SETTINGS', JSON.stringify({ theme: 'NATURE-THEME' })],
  ]);
  await page.goto('/settings');
  await appReady(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bnature-theme\b/);
  expect(
    await page.evaluate(() => {
      const plain: Record<string, unknown> = {};
      return [typeof plain.auth, typeof plain.x, Object.getOwnPropertyNames(Object.prototype).includes('auth')];
    }),
  ).toEqual(['undefined', 'undefined', false]);
  expect(warnings).toHaveLength(1);

  await main.getByLabel('Theme', { exact: true }).selectOption({ label: 'Black' });
  await expect(page.locator('html')).toHaveClass(/\bblack-theme\b/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('snxt-SETTINGS') ?? '{}').theme)).toBe(
    'BLACK-THEME',
  );
  await page.reload();
  await expect(main.getByLabel('Theme', { exact: true })).toHaveValue('BLACK-THEME');

  expect(warnings).toHaveLength(2);
  for (const warning of warnings) {
    expect(warning).toContain('snxt-__proto__.auth');
    expect(warning).toContain('snxt-constructor.prototype.x');
  }
  await expect(toasts(page)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("the app's own keys win over other spellings of the same place", async ({ page, consoleErrors }) => {
  const warnings = consoleWarnings(page);
  await seedStorage(page, [
    ['snxt-auth', JSON.stringify({ isAuthenticated: true, user: { sub: 'intruder', name: 'Intruder' } })],
    ['snxt-Settings', JSON.stringify({ theme: 'BLACK-THEME', language: 'de' })],
    ['snxt-settings', '"junk"'],
    ['snxt-SETTINGS', JSON.stringify({ theme: 'NATURE-THEME' })],
    ['snxt-AUTH', JSON.stringify({ user: null, isAuthenticated: false })],
  ]);
  await page.goto('/settings');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bnature-theme\b/);
  await expect(main.getByLabel('Theme', { exact: true })).toHaveValue('NATURE-THEME');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A signed-in intruder would be checked against the provider and told the session expired.
  await expect(toasts(page)).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('snxt-AUTH') ?? 'null'))).toEqual({
    user: null,
    isAuthenticated: false,
  });
  expect(warnings).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('storage that fills up while the app runs: one notice, no error, settings keep working in memory', async ({
  page,
  consoleErrors,
}) => {
  const warnings = consoleWarnings(page);
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (document.documentElement.dataset.e2eStorageFull) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      setItem.call(this, key, value);
    };
  });
  await page.goto('/settings');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // Full once the app runs (it tests storage as it starts).
  await appReady(page);
  await page.evaluate(() => (document.documentElement.dataset.e2eStorageFull = '1'));

  await main.getByLabel('Theme', { exact: true }).selectOption({ label: 'Black' });
  await expect(page.locator('html')).toHaveClass(/\bblack-theme\b/);
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toHaveText(UNAVAILABLE);
  await toasts(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(toasts(page)).toHaveCount(0);

  await main.getByRole('switch', { name: 'Sticky header' }).click();
  await expect(main.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'false');
  await main.getByLabel('Theme', { exact: true }).selectOption({ label: 'Light' });
  await expect(page.locator('html')).toHaveClass(/\blight-theme\b/);
  await main.getByLabel('Language', { exact: true }).selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(main.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\blight-theme\b/);

  // Said once, the browser's copy untouched since, and nothing reported as an error.
  await expect(toasts(page)).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('snxt-SETTINGS') ?? '{}'))).toMatchObject({
    theme: 'DEFAULT-THEME',
    language: 'en',
    stickyHeader: true,
  });
  expect(warnings.filter((warning) => warning.includes('localStorage'))).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});
