import type { Page } from '@playwright/test';
import { appReady, expect, nothingHappensFor, test } from './fixtures';

// A slow phone (CPU ×4, 150 ms round trips, 1.6 Mbps down, 750 Kbps up): the prerendered page shows
// a good while before the app runs, and a visitor acts on it meanwhile.
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** When the page first saw a click or a change, and when the app took input: the one must come before the other. */
async function recordFirstInput(page: Page) {
  await page.addInitScript(() => {
    for (const type of ['click', 'change']) {
      window.addEventListener(type, () => ((window as { firstInputAt?: number }).firstInputAt ??= performance.now()), {
        capture: true,
      });
    }
  });
}
const inputBeforeTheApp = (page: Page) =>
  page.evaluate(
    () =>
      (window as { firstInputAt?: number }).firstInputAt! < performance.getEntriesByName('snxt:input')[0]!.startTime,
  );

/** Opens a page on the slow phone, its entry held back until the returned function is called: the input comes first. */
async function openAtFirstPaint(page: Page, path: string): Promise<() => void> {
  await recordFirstInput(page);
  await slowPhone(page);
  const release = await holdEntry(page);
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return release;
}

const stored = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem('snxt-SETTINGS')))!);

async function holdEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** Opens a page with its entry script held back until the returned function is called. */
async function openBeforeTheApp(page: Page, path: string): Promise<() => void> {
  const release = await holdEntry(page);
  await page.goto(path);
  return release;
}

test.describe('on a slow phone, right after the first paint', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on the menu button opens the drawer once the app runs, once', async ({ page }) => {
    const release = await openAtFirstPaint(page, '/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    // Where the finger lands: no waiting for the control to say it is ready.
    await menuButton.tap({ force: true });
    release();
    await appReady(page);
    expect(await inputBeforeTheApp(page)).toBe(true);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Settings' })).toBeVisible();
    await nothingHappensFor(page, 500, 'the tap is not applied a second time, which would close the drawer');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  });

  test('Space on a switch toggles it once the app runs, once', async ({ page }) => {
    const release = await openAtFirstPaint(page, '/settings');
    const sticky = page.getByRole('switch', { name: 'Sticky header' });
    await sticky.focus();
    await page.keyboard.press('Space');
    release();
    await appReady(page);
    expect(await inputBeforeTheApp(page)).toBe(true);
    await expect(sticky).toHaveAttribute('aria-checked', 'false');
    await nothingHappensFor(page, 500, 'the key is not applied a second time, which would turn it back on');
    await expect(sticky).toHaveAttribute('aria-checked', 'false');
    expect((await stored(page)).stickyHeader).toBe(false);
  });
});

test('choices made in selects before the app runs are applied when it does', async ({ page }) => {
  const release = await openBeforeTheApp(page, '/settings');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('LIGHT-THEME', { force: true });
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de', { force: true });
  release();
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveClass(/(^| )light-theme( |$)/);
  expect(await stored(page)).toMatchObject({ language: 'de', theme: 'LIGHT-THEME' });
});

test('a click on a page the app does not start on is dropped, not replayed elsewhere', async ({ page }) => {
  const release = await openBeforeTheApp(page, '/settings');
  await page.getByRole('switch', { name: 'Sticky header' }).click({ force: true });
  // The address changes before the app runs: it starts on the home page, not on the one clicked.
  await page.evaluate(() => history.pushState(null, '', '/'));
  release();
  await appReady(page);
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'true');
  expect((await stored(page)).stickyHeader).toBe(true);
});

test('Login pressed before the app runs starts sign-in when it does', async ({ page }) => {
  const release = await openBeforeTheApp(page, '/');
  const authorize = page.waitForRequest(/\/oauth2\/authorize\?/);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  release();
  await authorize;
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('a signed-in visitor never sees Login, not even on the prerendered page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill('demo@snxt.dev');
  await page.getByLabel('Password').fill('snxt-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'User menu' })).toBeVisible();
  // Every frame from the first: is a Login button on screen?
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    (window as unknown as { loginSeen: boolean[] }).loginSeen = seen;
    const look = () => {
      const login = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Login');
      seen.push(Boolean(login?.checkVisibility({ visibilityProperty: true })));
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const release = await openBeforeTheApp(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // The prerendered page stays on screen for a few frames before the app runs.
  await page.waitForFunction(() => (window as unknown as { loginSeen: boolean[] }).loginSeen.length >= 5);
  release();
  await appReady(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'User menu' })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { loginSeen: boolean[] }).loginSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter(Boolean)).toEqual([]);
});
