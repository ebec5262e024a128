import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { appReady, appUrl, expect, seedSettings, test } from './fixtures';

const THEMES = ['DEFAULT-THEME', 'LIGHT-THEME', 'NATURE-THEME', 'BLACK-THEME'] as const;
const LANGUAGES = ['en', 'he'] as const;
const WIDTHS = [1280, 390] as const;
const PHONE = { width: 390, height: 844 };

/** Runs axe against WCAG 2.1 A/AA and fails on serious or critical violations, listed readably. */
async function expectNoSeriousViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious.map((violation) =>
    [
      `${violation.id} (${violation.impact}): ${violation.help}`,
      ...violation.nodes.map(
        (node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`,
      ),
    ].join('\n'),
  );
  expect(report, `axe on ${where}:\n${report.join('\n')}`).toEqual([]);
}

/** Presses Tab until `target` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 30) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** What a sighted keyboard user sees on the focused element: its outline (none = no focus ring). */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return {
      element: `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim()}"`,
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle === 'none' ? 'none' : `${style.outlineWidth} ${style.outlineStyle}`,
    };
  });
}

test.describe('axe: WCAG 2.1 AA', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const theme of THEMES) {
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        test(`home and settings, ${theme}, ${language}, ${width}px`, async ({ page }) => {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
          // Auto night mode on (following the light device), so its extra controls are checked too.
          await seedSettings(page, {
            theme,
            language,
            autoNightMode: true,
            nightModeSource: 'system',
            pageAnimations: false,
            elementsAnimations: false,
          });
          for (const path of ['/', '/settings']) {
            await page.goto(path);
            await expect(page.locator('html')).toHaveClass(theme.toLowerCase());
            // Until a language file exists the app shows (and declares) English: both are fine here.
            await expect(page.locator('html')).toHaveAttribute('lang', language === 'he' ? /^(he|en)/ : /^en/);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            await expectNoSeriousViolations(page, `${path} in ${theme}, ${language}, ${width}px`);
          }
        });
      }
    }
  }

  for (const theme of THEMES) {
    test(`the profile page, ${theme}, en and he`, async ({ page }) => {
      await seedSettings(page, { theme, language: 'en', pageAnimations: false, elementsAnimations: false });
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await page.getByLabel('Email').fill('demo@snxt.dev');
      await page.getByLabel('Password').fill('snxt-demo');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.goto('/profile');
      await expect(page.locator('html')).toHaveClass(theme.toLowerCase());
      await expect(page.getByRole('main').locator('time').first()).toBeVisible();
      await expectNoSeriousViolations(page, `/profile in ${theme}, en`);
      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('he');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: 'פרופיל' })).toBeVisible();
      await expectNoSeriousViolations(page, `/profile in ${theme}, he`);
    });

    test(`the no-access page (groups build, an account outside the group), ${theme}, en and he`, async ({ page }) => {
      await seedSettings(page, { theme, language: 'en', pageAnimations: false, elementsAnimations: false });
      await page.goto(`${appUrl('groups')}/profile`);
      await page.getByLabel('Email').fill('outsider@snxt.dev');
      await page.getByLabel('Password').fill('snxt-outsider');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
      await expectNoSeriousViolations(page, `the no-access page in ${theme}, en`);
      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('he');
      await expect(page.getByRole('heading', { level: 1, name: 'אין גישה' })).toBeVisible();
      await expectNoSeriousViolations(page, `the no-access page in ${theme}, he`);
    });

    test(`the command palette, ${theme}, en and he`, async ({ page }) => {
      await seedSettings(page, { theme, language: 'en', pageAnimations: false, elementsAnimations: false });
      await page.goto('/');
      await appReady(page);
      await page.keyboard.press('Control+K');
      await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
      await expectNoSeriousViolations(page, `the command palette in ${theme}, en`);
      await page.getByRole('combobox', { name: 'Type a command or search' }).fill('hebrew');
      await page.keyboard.press('Enter');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.getByRole('banner').getByRole('button', { name: 'חיפוש' }).click();
      await expect(page.getByRole('dialog', { name: 'לוח פקודות' })).toBeVisible();
      await expectNoSeriousViolations(page, `the command palette in ${theme}, he`);
    });

    test(`the sign-in gate of mandatory sign-in, ${theme}`, async ({ page }) => {
      await seedSettings(page, { theme, language: 'he', pageAnimations: false, elementsAnimations: false });
      // The provider does not answer: the app stays on its way to the sign-in page.
      await page.route(`${process.env.E2E_OIDC_ISSUER}/.well-known/openid-configuration`, () => undefined);
      await page.goto(appUrl('required'));
      await expect(page.getByRole('status').filter({ hasText: 'מתבצעת כניסה…' })).toBeVisible();
      await expectNoSeriousViolations(page, `the sign-in gate in ${theme}, he`);
    });
  }

  for (const theme of THEMES) {
    test(`the keyboard shortcuts dialog, ${theme}, en and he`, async ({ page }) => {
      await seedSettings(page, { theme, language: 'en', pageAnimations: false, elementsAnimations: false });
      await page.goto('/');
      await appReady(page);
      await expect(async () => {
        await page.keyboard.press('?');
        await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible({ timeout: 500 });
      }).toPass();
      await expectNoSeriousViolations(page, `the keyboard shortcuts in ${theme}, en`);
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('he');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.getByRole('main').focus();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'קיצורי מקלדת' })).toBeVisible();
      await expectNoSeriousViolations(page, `the keyboard shortcuts in ${theme}, he`);
    });

    test(`the idle warning of an idle build, ${theme}, en and he`, async ({ page }) => {
      const limitMs = Number(process.env.E2E_IDLE_TIMEOUT_MINUTES) * 60_000;
      const untilWarning = limitMs - Math.min(2 * 60_000, limitMs / 2);
      const warning = page.getByRole('alertdialog');
      await seedSettings(page, { theme, language: 'en', pageAnimations: false, elementsAnimations: false });
      await page.clock.install();
      await page.goto(`${appUrl('idle')}/profile`);
      await page.getByLabel('Email').fill('demo@snxt.dev');
      await page.getByLabel('Password').fill('snxt-demo');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await page.clock.fastForward(untilWarning);
      await expect(warning).toHaveAccessibleName('Are you still there?');
      await expectNoSeriousViolations(page, `the idle warning in ${theme}, en`);
      await page.getByRole('button', { name: 'Stay signed in' }).click();
      await expect(warning).toHaveCount(0);
      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('he');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: 'פרופיל' })).toBeVisible();
      await page.clock.fastForward(untilWarning);
      await expect(warning).toHaveAccessibleName('עדיין כאן?');
      await expectNoSeriousViolations(page, `the idle warning in ${theme}, he`);
    });
  }

  for (const theme of THEMES) {
    test(`the consent banner of an analytics build, ${theme}, en and he`, async ({ page }) => {
      await seedSettings(page, { theme, language: 'en', pageAnimations: false, elementsAnimations: false });
      await page.goto(`${appUrl('analytics')}/settings`);
      await expect(page.locator('html')).toHaveClass(theme.toLowerCase());
      await expect(page.getByRole('region', { name: 'Privacy choices' })).toBeVisible();
      await expectNoSeriousViolations(page, `the consent banner in ${theme}, en`);
      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('he');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.setViewportSize(PHONE);
      await expect(page.getByRole('region', { name: 'הגדרות פרטיות' })).toBeVisible();
      await expectNoSeriousViolations(page, `the consent banner in ${theme}, he, 390px`);
    });
  }

  test('the open drawer on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the open drawer');
  });
});

test.describe('keyboard only', () => {
  test('the skip link comes first and moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab continues inside the main content, not back in the toolbar.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', { name: 'Choose language and theme' })).toBeFocused();
  });

  test('on a phone the menu button opens the drawer, Escape closes it and focus comes back', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    await tabTo(page, menuButton);

    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press(key);
      await expect(drawer).toBeVisible();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(drawer.getByRole('link', { name: 'Settings' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(menuButton).toBeFocused();
    }
  });

  test('a drawer link navigates and focus lands on the new page heading', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await tabTo(page, page.getByRole('button', { name: 'Open menu' }));
    await page.keyboard.press('Enter');
    // As a user does: Enter again once the open drawer has put focus on its link.
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  });

  test('settings switches toggle with Space', async ({ page }) => {
    await page.goto('/settings');
    const sticky = page.getByRole('switch', { name: 'Sticky header' });
    await expect(sticky).toHaveAttribute('aria-checked', 'true');
    await tabTo(page, sticky);
    await page.keyboard.press('Space');
    await expect(sticky).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('banner')).toHaveAttribute('data-sticky', 'false');
    await page.keyboard.press('Space');
    await expect(sticky).toHaveAttribute('aria-checked', 'true');
  });

  test('the language selector changes language with the keyboard', async ({ page }) => {
    await page.goto('/');
    const selector = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
    await tabTo(page, selector);
    await page.keyboard.press('ArrowDown');
    // German is now on screen, so the selector goes by its German name.
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('snxt-SETTINGS') ?? '{}').language))
      .toBe('de');
  });

  test('every Tab stop of the shell shows a focus ring', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const seen = new Set<string>();
    const missing: string[] = [];
    for (let presses = 0; presses < 25; presses += 1) {
      await page.keyboard.press('Tab');
      const ring = await focusRing(page);
      if (ring.element.startsWith('body') || seen.has(ring.element)) break;
      seen.add(ring.element);
      if (!ring.focusVisible || ring.outline === 'none') missing.push(ring.element);
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(missing, 'Tab stops without a visible focus ring').toEqual([]);
  });
});

test.describe('focus and announcement after navigation', () => {
  test('focus moves to the new page heading and the title is announced politely', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const heading = page.getByRole('heading', { level: 1, name: 'Starter Next' });
    await expect(heading).toBeVisible();
    await expect(heading).not.toBeFocused();
    const liveRegion = page.locator('[aria-live="polite"]').filter({ hasText: /\S/ });

    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
    await expect(liveRegion).toHaveText('Settings - Starter Next');

    await page.goBack();
    await expect(heading).toBeFocused();
    await expect(liveRegion).toHaveText('Starter Next');
  });
});
