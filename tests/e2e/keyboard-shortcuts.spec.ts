import type { Page } from '@playwright/test';
import { appReady, expect, seedSettings, test } from './fixtures';

const shortcutsDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });
const rows = (page: Page) =>
  shortcutsDialog(page)
    .getByRole('term')
    .evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));

/** Once the page has hydrated, the `?` listener's code arrives: wait for it as a person would, by trying. */
async function pressQuestionMark(page: Page) {
  await expect(async () => {
    await page.keyboard.press('?');
    await expect(shortcutsDialog(page)).toBeVisible({ timeout: 500 });
  }).toPass();
}

test.describe('keyboard shortcuts', () => {
  test('? lists every shortcut in a modal dialog; Escape closes it and focus returns where it was', async ({
    page,
  }) => {
    await page.goto('/settings');
    await appReady(page);
    const cog = page.getByRole('banner').getByRole('link', { name: 'Settings' });
    await cog.focus();
    await pressQuestionMark(page);
    await expect(shortcutsDialog(page)).toHaveAttribute('aria-modal', 'true');
    expect(await rows(page)).toEqual([
      ['Open the command palette', 'Ctrl+K'],
      ['Show keyboard shortcuts', '?'],
      ['Close a dialog or menu', 'Escape'],
    ]);
    // The page behind is hidden from assistive technology; Tab stays in the dialog.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(shortcutsDialog(page)).toHaveCount(0);
    await expect(cog).toBeFocused();
  });

  test('the Close button closes it too, and ? does nothing in a text field or with a modifier', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await pressQuestionMark(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(shortcutsDialog(page)).toHaveCount(0);
    await page.evaluate(() => {
      const field = document.createElement('textarea');
      field.setAttribute('aria-label', 'Notes');
      document.querySelector('main')!.append(field);
    });
    await page.getByLabel('Notes').focus();
    await page.keyboard.press('?');
    await expect(page.getByLabel('Notes')).toHaveValue('?');
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).focus();
    for (const key of ['Control+?', 'Alt+?', 'Meta+?']) await page.keyboard.press(key);
    await expect(shortcutsDialog(page)).toHaveCount(0);
  });

  test('shows ⌘K on macOS', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => ({ platform: 'macOS' }) });
    });
    await page.goto('/');
    await appReady(page);
    await pressQuestionMark(page);
    expect((await rows(page))[0]).toEqual(['Open the command palette', '⌘K']);
  });

  test('the palette offers it; focus comes back to where it was before the palette', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const search = page.getByRole('banner').getByRole('button', { name: 'Search' });
    await expect(search).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await search.click();
    await page.getByRole('combobox', { name: 'Type a command or search' }).fill('keyboard');
    const option = page.getByRole('option', { name: 'Keyboard shortcuts' });
    await expect(option).toHaveAttribute('aria-keyshortcuts', '?');
    await page.keyboard.press('Enter');
    await expect(shortcutsDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shortcutsDialog(page)).toHaveCount(0);
    await expect(search).toBeFocused();
  });

  test('in Hebrew: translated and mirrored, the keys still left to right', async ({ page }) => {
    await seedSettings(page, { language: 'he' });
    await page.goto('/');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(async () => {
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'קיצורי מקלדת' })).toBeVisible({ timeout: 500 });
    }).toPass();
    const keys = page.getByRole('dialog').getByRole('definition').first();
    await expect(keys).toHaveAttribute('dir', 'ltr');
    await expect(keys).toHaveText('Ctrl+K');
    await expect(page.getByRole('dialog').getByRole('term').first()).toHaveText('פתיחת לוח הפקודות');
  });
});
