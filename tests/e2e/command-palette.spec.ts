import type { Page } from '@playwright/test';
import { appReady, expect, seedSettings, test } from './fixtures';

const DEMO = { email: 'demo@snxt.dev', password: 'snxt-demo' };

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Type a command or search' });
const searchButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search' });
const options = (page: Page) => palette(page).getByRole('option');

/** The option the combobox names as active (aria-activedescendant), by its text. */
async function activeOption(page: Page): Promise<string> {
  const id = await page.getByRole('dialog').getByRole('combobox').getAttribute('aria-activedescendant');
  return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
}

async function open(page: Page, path = '/') {
  await page.goto(path);
  await appReady(page);
  await page.keyboard.press('Control+K');
  await expect(searchBox(page)).toBeFocused();
}

async function run(page: Page, search: string, expected: string) {
  await searchBox(page).fill(search);
  await expect.poll(() => activeOption(page)).toBe(expected);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

test.describe('command palette', () => {
  test('Ctrl+K opens a modal dialog over an inert page; Escape closes it and focus comes back', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const cog = page.getByRole('banner').getByRole('link', { name: 'Settings' });
    await cog.focus();
    await page.keyboard.press('Control+K');
    await expect(palette(page)).toHaveAttribute('aria-modal', 'true');
    await expect(searchBox(page)).toBeFocused();
    await expect(palette(page).getByRole('listbox')).toBeVisible();
    await expect.poll(() => activeOption(page)).toBe('Home');
    // The page behind is hidden from assistive technology and takes no pointer input.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('main')).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).pointerEvents)).toBe('none');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(cog).toBeFocused();
  });

  test('⌘K opens it too, and again in the palette closes it', async ({ page }) => {
    await page.goto('/settings');
    await appReady(page);
    await page.keyboard.press('Meta+K');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('Meta+K');
    await expect(palette(page)).toBeHidden();
  });

  test('the Search button opens it; focus comes back to the button', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await searchButton(page).click();
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(searchButton(page)).toBeFocused();
  });

  test('a tap outside the dialog closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    await page.mouse.click(20, 820);
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the shortcut does nothing while typing in a text field of the page', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await page.evaluate(() => {
      const field = document.createElement('textarea');
      field.setAttribute('aria-label', 'Notes');
      document.querySelector('main')!.append(field);
      const editable = document.createElement('div');
      editable.contentEditable = 'true';
      editable.setAttribute('aria-label', 'Editor');
      document.querySelector('main')!.append(editable);
    });
    for (const name of ['Notes', 'Editor']) {
      await page.getByLabel(name).focus();
      await page.keyboard.press('Control+K');
      await expect(page.getByLabel(name), name).toBeFocused();
    }
    await expect(palette(page)).toHaveCount(0);
  });

  test('Tab and Shift+Tab stay inside the dialog', async ({ page }) => {
    await open(page);
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await palette(page).evaluate((dialog) => dialog.contains(document.activeElement)), key).toBe(true);
    }
  });

  test('Up and Down move the active option; typing makes the best match active', async ({ page }) => {
    await open(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeOption(page)).toBe('Settings');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => activeOption(page)).toBe('Home');
    await searchBox(page).fill('STICKY');
    await expect(options(page)).toHaveText(['Turn off sticky header']);
    await expect.poll(() => activeOption(page)).toBe('Turn off sticky header');
    await searchBox(page).fill('zzzz');
    await expect(palette(page).getByText('No results.')).toBeVisible();
  });

  test('in German it finds commands by their German and their English names', async ({ page }) => {
    await seedSettings(page, { language: 'de' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Sprache' })).toBeEnabled();
    await page.getByRole('banner').getByRole('button', { name: 'Suchen' }).click();
    const box = page.getByRole('combobox', { name: 'Befehl eingeben oder suchen' });
    await expect(page.getByRole('dialog', { name: 'Befehlspalette' })).toBeVisible();
    for (const search of ['einstellungen', 'Settings']) {
      await box.fill(search);
      await expect.poll(() => activeOption(page), search).toBe('Einstellungen');
    }
    await box.fill('sticky header');
    await expect.poll(() => activeOption(page)).toBe('Fixierte Kopfzeile ausschalten');
  });

  test('runs a page, a theme, a language and a preference command', async ({ page }) => {
    await open(page);
    await run(page, 'settings', 'Settings');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await page.keyboard.press('Control+K');
    await run(page, 'black', 'Black');
    await expect(page.locator('html')).toHaveClass(/black-theme/);

    await page.keyboard.press('Control+K');
    await run(page, 'sticky', 'Turn off sticky header');
    await expect(page.getByRole('banner')).toHaveAttribute('data-sticky', 'false');
    await page.keyboard.press('Control+K');
    await searchBox(page).fill('sticky');
    await expect(options(page)).toHaveText(['Turn on sticky header']);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+K');
    await run(page, 'french', 'Français');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Langue' }).first()).toHaveValue('fr');
  });

  test('finds a command by its words: "dark" the Black theme and auto night mode, "light" the Light theme', async ({
    page,
  }) => {
    await open(page);
    await searchBox(page).fill('dark');
    await expect(options(page)).toHaveText(['Black', 'Turn on auto night mode']);
    await expect.poll(() => activeOption(page)).toBe('Black');
    await searchBox(page).fill('light');
    await expect.poll(() => activeOption(page)).toBe('Light');
  });

  test('finds a language by its own name, its English name and its code', async ({ page }) => {
    await open(page);
    for (const [search, language] of [
      ['Deutsch', 'Deutsch'],
      ['german', 'Deutsch'],
      ['hebrew', 'עברית'],
      ['PT-BR', 'Português (Brasil)'],
      ['DE', 'Deutsch'],
      ['en', 'English'],
      ['he', 'עברית'],
      ['zh-cn', '简体中文'],
      ['SK', 'Slovenčina'],
    ]) {
      await searchBox(page).fill(search!);
      await expect.poll(() => activeOption(page), search).toBe(language);
    }
  });

  test('marks the theme, language and text size chosen now with a check and "current"', async ({ page }) => {
    await open(page);
    const option = (name: string) => palette(page).getByRole('option', { name, exact: true });
    for (const name of ['Default', 'English', 'Text size: Default']) {
      await expect(option(name), name).toHaveAccessibleDescription('current');
      await expect(option(name).locator('svg'), name).toBeVisible();
    }
    for (const name of ['Black', 'Deutsch', 'Text size: Larger', 'Settings']) {
      await expect(option(name), name).toHaveAccessibleDescription('');
      await expect(option(name).locator('svg'), name).toHaveCount(0);
    }
    await run(page, 'black', 'Black');
    await page.keyboard.press('Control+K');
    await expect(option('Black')).toHaveAccessibleDescription('current');
    await expect(option('Default')).toHaveAccessibleDescription('');
    await run(page, 'deutsch', 'Deutsch');
    await page.getByRole('banner').getByRole('button', { name: 'Suchen' }).click();
    const german = page.getByRole('dialog', { name: 'Befehlspalette' });
    await expect(german.getByRole('option', { name: 'Deutsch', exact: true })).toHaveAccessibleDescription('aktuell');
    await expect(german.getByRole('option', { name: 'Schwarz', exact: true })).toHaveAccessibleDescription('aktuell');
  });

  test('sets the text size: "Text size: Larger" among the preferences', async ({ page }) => {
    await open(page);
    await searchBox(page).fill('text size');
    await expect(options(page)).toHaveText(['Text size: Default', 'Text size: Large', 'Text size: Larger']);
    await run(page, 'larger', 'Text size: Larger');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');
  });

  test('offers Profile and Logout only when signed in, Login before', async ({ page }) => {
    await open(page);
    await expect(options(page)).toContainText(['Home', 'Settings', 'Login']);
    await expect(palette(page).getByRole('option', { name: 'Profile' })).toHaveCount(0);
    await run(page, 'login', 'Login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'User menu' })).toBeEnabled();

    await page.keyboard.press('Control+K');
    await expect(palette(page).getByRole('option', { name: 'Profile' })).toBeVisible();
    await run(page, 'logout', 'Logout');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('loads its code on first use or when idle, never in the first load', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).not.toMatch(/command-palette-[\w-]+\.js/);
    await open(page);
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.some((url) => /\/command-palette-[\w-]+\.js$/.test(url))).toBe(true);
  });
});
