import { expect, seedSettings, test } from './fixtures';

const themeClasses = (classList: string) =>
  classList.split(/\s+/).filter((name) => /^(default|light|nature|black)-theme$/.test(name));

test('a chosen theme is stored and survives a reload', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveClass(/\bdefault-theme\b/);
  await page.getByLabel('Theme', { exact: true }).selectOption({ label: 'Black' });
  await expect(page.locator('html')).toHaveClass(/\bblack-theme\b/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('snxt-SETTINGS') ?? '{}'));
  expect(stored.theme).toBe('BLACK-THEME');
  await page.reload();
  await expect(page.getByLabel('Theme', { exact: true })).toHaveValue('BLACK-THEME');
  expect(themeClasses((await page.locator('html').getAttribute('class')) ?? '')).toEqual(['black-theme']);
});

test('sticky header keeps the toolbar on screen; off lets it scroll away', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/settings');
  const header = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('switch', { name: 'Sticky header' }).click();
  await expect(page.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'false');
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThan(0);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'false');
});

test('corrupt stored data falls back to defaults per part and keeps the rest', async ({ page, consoleErrors }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('snxt-AUTH', '{not json');
    localStorage.setItem(
      'snxt-SETTINGS',
      JSON.stringify({ theme: 'NATURE-THEME', language: 'xx', stickyHeader: 'yes' }),
    );
    localStorage.setItem('snxt-EXAMPLES.TODO-LIST', '[1,2]');
  });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bnature-theme\b/);
  await expect(page.getByLabel('Theme', { exact: true })).toHaveValue('NATURE-THEME');
  await expect(page.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'true');
  const stored = await page.evaluate(() => ({
    settings: JSON.parse(localStorage.getItem('snxt-SETTINGS') ?? '{}'),
    auth: JSON.parse(localStorage.getItem('snxt-AUTH') ?? 'null'),
    other: localStorage.getItem('snxt-EXAMPLES.TODO-LIST'),
  }));
  expect(stored.settings).toMatchObject({ theme: 'NATURE-THEME', language: 'en', stickyHeader: true });
  expect(stored.auth).toEqual({ user: null, isAuthenticated: false });
  expect(stored.other).toBe('[1,2]');
  expect(consoleErrors).toEqual([]);
});

test('a stored theme applies from the first render', async ({ page }) => {
  await seedSettings(page, { theme: 'LIGHT-THEME' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\blight-theme\b/);
  expect(themeClasses((await page.locator('html').getAttribute('class')) ?? '')).toEqual(['light-theme']);
});
