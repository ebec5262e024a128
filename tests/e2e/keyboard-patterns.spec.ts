import type { Page } from '@playwright/test';
import { appReady, expect, test } from './fixtures';

// The W3C WAI-ARIA Authoring Practices patterns: menu button, switch, disclosure navigation.
const DEMO = { email: 'demo@snxt.dev', password: 'snxt-demo' };

const userMenuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'User menu' });
const menuItems = (page: Page) => page.getByRole('menu').getByRole('menuitem');

async function signIn(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(userMenuButton(page)).toBeEnabled();
}

async function openWith(page: Page, key: string) {
  await userMenuButton(page).focus();
  await page.keyboard.press(key);
  await expect(page.getByRole('menu')).toBeVisible();
}

test.describe('user menu (menu button)', () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test('its items have tabindex -1, the focused one too', async ({ page }) => {
    await openWith(page, 'Enter');
    await expect(menuItems(page).first()).toBeFocused();
    await expect(menuItems(page)).toHaveCount(2);
    for (const item of await menuItems(page).all()) await expect(item).toHaveAttribute('tabindex', '-1');
  });

  test('Enter, Space and Down Arrow on the button open the menu on its first item', async ({ page }) => {
    for (const key of ['Enter', 'Space', 'ArrowDown']) {
      await openWith(page, key);
      await expect(menuItems(page).first(), key).toBeFocused();
      await expect(userMenuButton(page)).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      // Focus comes back to the button a moment after the menu goes (Radix's focus scope, on a timer): a menu
      // opened before then lost focus to it and closed once in CI.
      await expect(userMenuButton(page)).toBeFocused();
    }
  });

  test('Up Arrow on the button opens the menu on its last item', async ({ page }) => {
    await openWith(page, 'ArrowUp');
    await expect(menuItems(page).last()).toBeFocused();
  });

  test('Down Arrow on the last item wraps to the first, Up Arrow on the first to the last', async ({ page }) => {
    await openWith(page, 'Enter');
    // Each key after the last one's move shows, as a user presses them: Radix moves focus on a timer, and keys pressed
    // in the same few milliseconds once left the focus on the first item in CI.
    await expect(menuItems(page).first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(menuItems(page).last()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menuItems(page).first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menuItems(page).last()).toBeFocused();
  });

  test('Home and End move to the first and the last item', async ({ page }) => {
    await openWith(page, 'Enter');
    await page.keyboard.press('End');
    await expect(menuItems(page).last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(menuItems(page).first()).toBeFocused();
  });

  test('Escape closes the menu and returns focus to the button', async ({ page }) => {
    await openWith(page, 'ArrowDown');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(userMenuButton(page)).toBeFocused();
    await expect(userMenuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('Tab closes the menu and moves on to what follows the button, Shift+Tab to what precedes it', async ({
    page,
  }) => {
    await openWith(page, 'Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Settings' })).toBeFocused();

    await openWith(page, 'Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeFocused();
  });
});

test('each settings section puts its switches in a group named by its heading', async ({ page }) => {
  await page.goto('/settings');
  await appReady(page);
  const sections = {
    General: ['Sticky header'],
    Themes: ['Auto night mode'],
    Animations: ['Page animations', 'Elements animations'],
  };
  for (const [heading, switches] of Object.entries(sections)) {
    const group = page.getByRole('main').getByRole('group', { name: heading, exact: true });
    await expect(group).toBeVisible();
    const labelledBy = await group.getAttribute('aria-labelledby');
    await expect(page.getByRole('heading', { level: 2, name: heading })).toHaveAttribute('id', labelledBy!);
    for (const name of switches) await expect(group.getByRole('switch', { name })).toBeVisible();
  }
});

test.describe('phone drawer (disclosure navigation)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu' });
  const drawer = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

  test('the menu button says whether it is expanded and which drawer it controls', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    const controls = await menuButton(page).getAttribute('aria-controls');
    await expect(
      page.locator(`#${controls}`).getByRole('navigation', { name: 'Menu', includeHidden: true }),
    ).toHaveCount(1);
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${controls}`).getByRole('navigation', { name: 'Menu' })).toBeVisible();
  });

  test('Down Arrow on the expanded menu button moves focus to the first navigation link', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await menuButton(page).focus();
    await page.keyboard.press('ArrowDown');
    await expect(drawer(page).getByRole('link').first()).toBeFocused();
    await expect(drawer(page)).toBeVisible();
  });

  test('Escape in the drawer closes it and returns focus to the menu button', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page).getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });
});
