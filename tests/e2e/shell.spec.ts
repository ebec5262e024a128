import { appReady, expect, test } from './fixtures';

test.describe('shell and routes', () => {
  test('home shows the landmarks, the app name as title and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Starter Next');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'v9.0.0' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Starter Next');
  });

  test('the production build shows no environment tag in the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).not.toContainText('(PROD)');
    await expect(page.getByRole('contentinfo')).not.toContainText('(DEV)');
  });

  test('the version link explains itself with a Changelog tooltip', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'v9.0.0' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Changelog');
  });

  test('navigates to settings through the toolbar cog and back home with the logo', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page).toHaveTitle('Settings - Starter Next');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveTitle('Starter Next');
    await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
  });

  test('loads /settings directly', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveTitle('Settings - Starter Next');
    await expect(page.getByRole('switch', { name: 'Sticky header' })).toBeVisible();
  });

  test('an unknown path is replaced by /', async ({ page }) => {
    await page.goto('/');
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page).toHaveTitle('Starter Next');
    // Replaced, not pushed: going back leaves the unknown URL behind entirely.
    await page.goBack();
    await expect(page).not.toHaveURL(/no\/such\/page/);
  });

  test('wide screens have no menu button and the drawer stays closed', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
  });

  test('the lazily loaded settings chunk is preloaded after start-up, once the app takes input', async ({ page }) => {
    await page.goto('/');
    // The browser lists a file's timing once it has arrived, not when it is asked for.
    const timings = () =>
      page.evaluate(() => [
        performance.getEntriesByType('resource').find((entry) => /\/settings-[\w-]+\.js$/.test(entry.name))?.startTime,
        performance.getEntriesByName('snxt:input')[0]?.startTime,
      ]);
    await expect.poll(async () => (await timings())[0]).toBeDefined();
    // Not while the app's own files are still downloading: it would share a slow connection with them.
    const [requestedAt, inputAt] = await timings();
    expect(inputAt).toBeDefined();
    expect(requestedAt).toBeGreaterThanOrEqual(inputAt ?? Infinity);
  });

  test('scroll position is restored on back and new pages start at the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/');
    // The router's scroll restoration, not the browser's: the app must be running.
    await appReady(page);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await page.getByRole('link', { name: 'Choose language and theme' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the menu button opens a 250px push drawer whose link navigates and closes it', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const box = await page.locator('#side-drawer').boundingBox();
    expect(box?.width).toBeCloseTo(250, 1);
    // Push mode: the content moves aside by the drawer's width.
    await expect.poll(async () => (await page.getByRole('main').boundingBox())?.x ?? 0).toBeCloseTo(250, 1);
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(drawer).toBeHidden();
    await expect.poll(async () => (await page.getByRole('main').boundingBox())?.x ?? 1).toBeCloseTo(0, 1);
  });

  test('Escape closes the drawer and returns focus to the menu button', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('the page has no horizontal overflow', async ({ page }) => {
    for (const path of ['/', '/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});
