import type { Page } from '@playwright/test';
import { expect, seedSettings, test } from './fixtures';

/** Paths of the translation files the page requests, in order. */
function recordTranslationRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/assets/i18n/')) paths.push(pathname);
  });
  return paths;
}

test('only en.json is fetched at start, and no translation is bundled into the scripts', async ({ page }) => {
  const translations = recordTranslationRequests(page);
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    // The page's scripts; the locale warm-up worker's ends (and its body with it) at once.
    if (response.request().resourceType() === 'script' && !/\/intl-warm-up-/.test(response.url()))
      scripts.push(response.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(translations).toEqual(['/assets/i18n/en.json']);

  const code = (await Promise.all(scripts)).join('\n');
  expect(code.length).toBeGreaterThan(0);
  for (const text of ['Einstellungen', 'Nastavenia', 'Paramètres', 'Configurações', '设置', 'הגדרות']) {
    expect(code).not.toContain(text);
  }
});

test('German changes the texts, <html lang> and the page title, and survives a reload', async ({ page }) => {
  const translations = recordTranslationRequests(page);
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings - Starter Next');
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('DE');

  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page).toHaveTitle('Einstellungen - Starter Next');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('switch', { name: 'Fixierte Kopfzeile' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  expect(translations).toEqual(['/assets/i18n/en.json', '/assets/i18n/de.json']);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page).toHaveTitle('Einstellungen - Starter Next');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.getByRole('link', { name: 'Starter Next' }).first().click();
  await expect(page).toHaveTitle('Starter Next');
  await expect(page.getByRole('link', { name: 'Sprache und Design wählen' })).toBeVisible();
});

test('regional languages set the full language tag', async ({ page }) => {
  await page.goto('/');
  const select = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
  await select.selectOption('PT-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('link', { name: 'Escolher idioma e tema' })).toBeVisible();
  await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('ZH-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('link', { name: '选择语言和主题' })).toBeVisible();
});

test('a missing language file leaves the app working in English and is reported once', async ({
  page,
  consoleErrors,
}) => {
  await page.route('**/assets/i18n/de.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('DE');

  await expect.poll(() => consoleErrors.filter((text) => text.includes('Could not load translations')).length).toBe(1);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveTitle('Settings - Starter Next');
  await expect(page.getByText('snxt.', { exact: false })).toHaveCount(0);

  // Still working: other settings change without reporting again, and another language loads.
  await page.getByRole('switch', { name: 'Sticky header' }).click();
  await expect(page.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('FR');
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  expect(consoleErrors.filter((text) => text.includes('Could not load translations'))).toHaveLength(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('sets dir="rtl" and the drawer opens from the right, pushing the content left', async ({ page }) => {
    await seedSettings(page, { language: 'he' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');

    // Toolbar order mirrors: the menu button sits at the right edge, the language select at the left.
    const menu = page.getByRole('button', { name: 'פתיחת התפריט' });
    const menuBox = (await menu.boundingBox())!;
    const selectBox = (await page.getByRole('banner').getByRole('combobox', { name: 'שפה' }).boundingBox())!;
    expect(menuBox.x).toBeGreaterThan(selectBox.x);

    await menu.click();
    const drawer = page.getByRole('navigation', { name: 'תפריט' });
    await expect(drawer).toBeVisible();
    await expect.poll(async () => (await page.locator('#side-drawer').boundingBox())?.x).toBeCloseTo(390 - 250, 0);
    await expect.poll(async () => (await page.getByRole('main').boundingBox())?.x).toBeCloseTo(-250, 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await drawer.getByRole('link', { name: 'הגדרות' }).click();
    await expect(page).toHaveTitle('הגדרות - Starter Next');
    await expect(drawer).toBeHidden();
  });

  for (const language of ['de', 'zh-cn', 'he']) {
    test(`${language}: no page overflows sideways`, async ({ page }) => {
      await seedSettings(page, { language });
      for (const path of ['/', '/settings']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', /^(de|zh-CN|he)$/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // The shell clips sideways overflow, so also look for anything sticking out of the screen.
        const { checked, outside } = await page.evaluate(() => {
          const elements = [...document.querySelectorAll('header *, main *, footer *')];
          const sticking = elements.filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
          });
          return {
            checked: elements.length,
            outside: sticking.map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`),
          };
        });
        expect(checked).toBeGreaterThan(10);
        expect(outside).toEqual([]);
      }
    });
  }

  test('switch thumbs move toward the left when on', async ({ page }) => {
    await seedSettings(page, { language: 'he', stickyHeader: true });
    await page.goto('/settings');
    const sticky = page.getByRole('switch', { name: 'כותרת עליונה נעוצה' });
    const thumbOffset = async () => {
      const track = (await sticky.boundingBox())!;
      const thumb = (await sticky.locator('span').boundingBox())!;
      return thumb.x + thumb.width / 2 - (track.x + track.width / 2);
    };
    await expect.poll(thumbOffset).toBeLessThan(0);
    await sticky.click();
    await expect(sticky).toHaveAttribute('aria-checked', 'false');
    await expect.poll(thumbOffset).toBeGreaterThan(0);
  });
});
