import type { Page } from '@playwright/test';
import { appReady, expect, nothingHappensFor, seedSettings, settingsAndHomeTabs, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

const rootFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
const textSizeSelect = (page: Page) => page.getByRole('group', { name: 'General' }).getByLabel('Text size');

/** Every layout shift from the first paint on, as the page's own observer records them. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}

/** What a reader would miss: text cut off by its box, controls on top of each other or of a label, a page too wide. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`;
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.width > 0 &&
      b.width > 0 &&
      a.left < b.right - 1 &&
      b.left < a.right - 1 &&
      a.top < b.bottom - 1 &&
      b.top < a.bottom - 1;
    if (document.documentElement.scrollWidth > window.innerWidth) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      // Visually hidden text (sr-only) is clipped on purpose.
      if (style.position === 'absolute' && element.clientWidth <= 1) continue;
      if (style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name(element)} is cut off`);
    }
    for (const label of document.querySelectorAll('label[for]')) {
      const control = document.getElementById(label.getAttribute('for') ?? '');
      if (control && overlap(label.getBoundingClientRect(), control.getBoundingClientRect())) {
        problems.push(`${name(label)} lies under its control`);
      }
    }
    const controls = [...document.querySelectorAll('header a, header button, header select')];
    controls.forEach((first, index) => {
      for (const second of controls.slice(index + 1)) {
        if (overlap(first.getBoundingClientRect(), second.getBoundingClientRect())) {
          problems.push(`${name(first)} overlaps ${name(second)}`);
        }
      }
    });
    return problems;
  });
}

test.describe('text size', () => {
  test('Text size in General sets the root font size, and every rem size follows', async ({ page }) => {
    await page.goto('/settings');
    await appReady(page);
    const heading = page.getByRole('heading', { level: 1, name: 'Settings' });
    const headingSize = () => heading.evaluate((element) => getComputedStyle(element).fontSize);
    expect(await rootFontSize(page)).toBe('16px');
    expect(await headingSize()).toBe('30px');
    await expect(textSizeSelect(page).locator('option')).toHaveText(['Default', 'Large', 'Larger']);

    await textSizeSelect(page).selectOption({ label: 'Large' });
    await expect.poll(() => rootFontSize(page)).toBe('18px');
    expect(await headingSize()).toBe('33.75px');
    await textSizeSelect(page).selectOption({ label: 'Larger' });
    await expect.poll(() => rootFontSize(page)).toBe('20px');
    expect(await headingSize()).toBe('37.5px');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('snxt-SETTINGS') ?? '{}'))).toMatchObject({
      textSize: 'larger',
    });
    await textSizeSelect(page).selectOption({ label: 'Default' });
    await expect.poll(() => rootFontSize(page)).toBe('16px');
  });

  test('a stored size is on the page before the app runs (the boot script), and in the language on screen', async ({
    page,
  }) => {
    await seedSettings(page, { textSize: 'large', language: 'fr' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/settings', { waitUntil: 'commit' });
    await page.waitForSelector('h1', { state: 'attached' });
    expect(await rootFontSize(page)).toBe('18px');
    release();
    await appReady(page);
    await expect(page.getByRole('group', { name: 'Général' }).getByLabel('Taille du texte')).toHaveValue('large');
    expect(await rootFontSize(page)).toBe('18px');
  });

  for (const path of ['/', '/settings']) {
    test(`${path} with a stored Larger size does not move when the app starts (CLS 0)`, async ({ page }) => {
      const shifts = await recordLayoutShifts(page);
      await seedSettings(page, { textSize: 'larger' });
      await page.goto(path);
      await appReady(page);
      await nothingHappensFor(page, 1_000, 'late effects and the idle preloads move nothing');
      expect(await rootFontSize(page)).toBe('20px');
      expect(await shifts()).toEqual([]);
    });
  }

  test('without the boot script the same start would shift: the CLS check can see it', async ({ page }) => {
    const shifts = await recordLayoutShifts(page);
    await seedSettings(page, { textSize: 'larger' });
    // The stored size reaches the page only when the app's effect runs, after the first paint.
    await page.addInitScript(() => {
      const getItem = Storage.prototype.getItem;
      let reads = 0;
      Storage.prototype.getItem = function (key: string) {
        return key === 'snxt-SETTINGS' && reads++ === 0 ? null : getItem.call(this, key);
      };
    });
    await page.goto('/settings');
    await appReady(page);
    await expect.poll(() => rootFontSize(page)).toBe('20px');
    await expect.poll(async () => (await shifts()).length).toBeGreaterThan(0);
  });

  test('another open tab follows a change', async ({ context }) => {
    const [first, second] = await settingsAndHomeTabs(context);
    await textSizeSelect(first).selectOption({ label: 'Larger' });
    await expect.poll(() => rootFontSize(second)).toBe('20px');
    await textSizeSelect(first).selectOption({ label: 'Default' });
    await expect.poll(() => rootFontSize(second)).toBe('16px');
  });

  for (const language of ['en', 'de', 'he']) {
    test(`on a 390 px phone with Larger text nothing is cut off or covered, ${language}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await seedSettings(page, { textSize: 'larger', language, autoNightMode: true });
      for (const path of ['/', '/settings']) {
        await page.goto(path);
        await appReady(page);
        await expect(page.locator('html')).not.toHaveClass(/snxt-translating/);
        expect(await rootFontSize(page)).toBe('20px');
        expect(await layoutProblems(page), `${path} in ${language}`).toEqual([]);
      }
    });
  }
});
