import type { Page } from '@playwright/test';
import { expect, seedSettings, test } from './fixtures';

const themeClass = async (page: Page) =>
  ((await page.locator('html').getAttribute('class')) ?? '').split(/\s+/).find((name) => name.endsWith('-theme'));
const themeColor = (page: Page) => page.locator('meta[name="theme-color"]').getAttribute('content');

// Noon in a fixed zone: the night hours never apply, so only the device's dark mode can.
test.use({ timezoneId: 'UTC' });

test.describe('night mode that follows the device', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: new Date('2026-03-10T12:00:00Z') });
  });

  test('"Device setting" follows prefers-color-scheme live, without a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/settings');
    const main = page.getByRole('main');
    await expect(main.getByLabel('Night mode follows')).toBeHidden();
    await main.getByRole('switch', { name: 'Auto night mode' }).click();
    const source = main.getByLabel('Night mode follows');
    await expect(source).toHaveValue('hours');
    expect(await source.locator('option').allTextContents()).toEqual(['Time of day', 'Device setting']);
    await source.selectOption({ label: 'Device setting' });
    await expect.poll(() => themeClass(page)).toBe('default-theme');

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => themeClass(page)).toBe('black-theme');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => themeClass(page)).toBe('default-theme');

    await page.reload();
    await expect(page.getByRole('main').getByLabel('Night mode follows')).toHaveValue('system');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('snxt-SETTINGS') ?? '{}'))).toMatchObject({
      autoNightMode: true,
      nightModeSource: 'system',
    });
  });

  test('"Time of day" ignores the device', async ({ page }) => {
    await seedSettings(page, { autoNightMode: true, nightModeSource: 'hours' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => themeClass(page)).toBe('default-theme');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await themeClass(page)).toBe('default-theme');
  });
});

test.describe('the browser UI colour', () => {
  for (const [theme, color] of [
    ['DEFAULT-THEME', '#3949ab'],
    ['LIGHT-THEME', '#ffffff'],
    ['NATURE-THEME', '#2e6b34'],
    ['BLACK-THEME', '#181b22'],
  ] as const) {
    test(`is the toolbar colour of ${theme}`, async ({ page }) => {
      await seedSettings(page, { theme });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => themeColor(page)).toBe(color);
      const toolbar = await page
        .getByRole('banner')
        .evaluate((element) => getComputedStyle(element).backgroundColor.replace(/\s/g, ''));
      const hex = color.match(/[0-9a-f]{2}/g)!.map((pair) => parseInt(pair, 16));
      expect(toolbar).toBe(`rgb(${hex.join(',')})`);
    });
  }

  test('follows auto night mode', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await seedSettings(page, { theme: 'LIGHT-THEME', autoNightMode: true, nightModeSource: 'system' });
    await page.goto('/');
    await expect.poll(() => themeColor(page)).toBe('#181b22');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => themeColor(page)).toBe('#ffffff');
  });
});

test.describe('the language of a first visit', () => {
  for (const [locale, language, lang, heading] of [
    ['he-IL', 'he', 'he', 'הגדרות'],
    ['pt-BR', 'pt-br', 'pt-BR', 'Configurações'],
    ['zh-Hans-CN', 'zh-cn', 'zh-CN', '设置'],
    ['iw', 'he', 'he', 'הגדרות'],
    ['de-AT', 'de', 'de', 'Einstellungen'],
    ['ja-JP', 'en', 'en', 'Settings'],
  ] as const) {
    test.describe(`a ${locale} browser`, () => {
      test.use({ locale });

      test(`opens in ${language} with nothing stored`, async ({ page }) => {
        await page.goto('/settings');
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' ? 'rtl' : 'ltr');
        await expect(page.getByRole('banner').getByRole('combobox')).toHaveValue(language);
      });
    });
  }

  test.describe('a French browser', () => {
    test.use({ locale: 'fr-FR' });

    test('stays German once the visitor picked German', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await page.getByRole('banner').getByRole('combobox').selectOption('de');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('banner').getByRole('combobox')).toHaveValue('de');
    });

    test('a stored language wins from the first visit on', async ({ page }) => {
      await seedSettings(page, { language: 'sk' });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    });
  });
});
