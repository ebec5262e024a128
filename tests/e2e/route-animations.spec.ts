import type { Page } from '@playwright/test';
import { expect, nothingHappensFor, seedSettings, test } from './fixtures';

interface Played {
  /** Where the app was when the animation started: a leave plays before the URL changes. */
  path: string;
  element: boolean;
}

/** Records every Web Animation the page starts (motion's animate drives WAAPI). */
async function recordAnimations(page: Page) {
  await page.addInitScript(() => {
    const played: Played[] = [];
    (window as unknown as { played: Played[] }).played = played;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args: Parameters<Element['animate']>) {
      played.push({ path: location.pathname, element: this.classList.contains('route-animations-elements') });
      return animate.apply(this, args);
    };
  });
}

const played = (page: Page) => page.evaluate(() => (window as unknown as { played: Played[] }).played);

async function goToSettings(page: Page, { animated = true } = {}) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
  // Animations start once their chunk has arrived (until then pages simply appear): wait for it.
  if (animated)
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/motion-animations-[\w-]+\.js$/.test(entry.name)),
    );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.getByRole('link', { name: 'Choose language and theme' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // Let the entrance finish: 0.5 s plus the stagger of the page's elements.
  await expect.poll(() => page.evaluate(() => document.getAnimations().length), { timeout: 5000 }).toBe(0);
}

test.beforeEach(async ({ page }) => recordAnimations(page));

test('the page the app opens on appears without animation', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await nothingHappensFor(page, 300, 'no entrance animation starts late');
  expect(await played(page)).toEqual([]);
});

test('all animations: the page leaves before the URL changes, then the next enters with its elements', async ({
  page,
}) => {
  await goToSettings(page);
  const all = await played(page);
  expect(all.some((entry) => entry.path === '/' && !entry.element)).toBe(true);
  expect(all.some((entry) => entry.path === '/settings' && !entry.element)).toBe(true);
  expect(all.filter((entry) => entry.path === '/settings' && entry.element).length).toBeGreaterThanOrEqual(4);
  // At rest nothing is left hidden or shifted.
  const styles = await page
    .locator('.route-animations-elements')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).style.cssText));
  expect(styles.every((style) => style === '')).toBe(true);
  await expect(page.getByRole('switch', { name: 'Page animations' })).toBeVisible();
});

test('page animations only: no element stagger', async ({ page }) => {
  await seedSettings(page, { elementsAnimations: false });
  await goToSettings(page);
  const all = await played(page);
  expect(all.some((entry) => entry.path === '/' && !entry.element)).toBe(true);
  expect(all.some((entry) => entry.element)).toBe(false);
});

test('elements animations only: the page neither leaves nor enters, its elements do', async ({ page }) => {
  await seedSettings(page, { pageAnimations: false });
  await goToSettings(page);
  const all = await played(page);
  expect(all.length).toBeGreaterThan(0);
  expect(all.every((entry) => entry.element && entry.path === '/settings')).toBe(true);
});

test('both switched off: nothing animates', async ({ page }) => {
  await seedSettings(page, { pageAnimations: false, elementsAnimations: false });
  await goToSettings(page, { animated: false });
  expect(await played(page)).toEqual([]);
});

test('prefers-reduced-motion turns every route animation off', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await goToSettings(page, { animated: false });
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
  expect(await played(page)).toEqual([]);
  await page.goto('/settings');
  await expect(page.getByRole('note')).toContainText('reduced motion');
});

test('back and forward still work and animate', async ({ page }) => {
  await goToSettings(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveTitle('Settings - Starter Next');
});
