/*
 * Screens stay as designed: each page below in the four themes at 1280 px in English, and in Default and Black at
 * 390 px in Hebrew, compared pixel for pixel (threshold 0) with the images in screenshots.spec.ts-snapshots/. A change
 * that moves a pixel fails with the expected, actual and diff images in test-results/ (and the HTML report).
 *
 * The images are what Debian's Chromium draws with the fonts `.ci/run` installs (FONT_PACKAGES there): the page's
 * font stack resolves to Noto Sans and Noto Sans Hebrew (fonts-noto-core). Each test first checks that Chromium draws
 * the page with exactly FONTS_USED, so a machine with other fonts fails with that reason, not with a thousand pixels.
 * Dynamic text is masked: the year and the version in the footer. The toolbar's entries for the product's pages are
 * hidden (screenshots-without-pages.css), so a page or resource a team adds leaves the images as they are.
 *
 * Another major version of Chromium draws text anew, and Debian's mirrors do not all serve the same one: the images
 * sit in a folder per major version (chromium-156/, chromium-150/), and a Chromium with no folder skips, saying so.
 * When a change of the look is intended (or Chromium itself draws differently after an update), make new images,
 * look at every one that changed (`git status`, an image viewer), and commit them with the change:
 *   npx playwright test tests/e2e/screenshots.spec.ts --update-snapshots
 */
import type { CDPSession, Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findBrowser } from '../support/find-browser.mjs';
import { appReady, expect, seedSettings, test } from './fixtures';

interface Screen {
  path: string;
  name: string;
  /** A page for signed-in visitors: the demo account signs in at the local provider first. */
  signedIn?: boolean;
}

const SCREENS: readonly Screen[] = [
  { path: '/', name: 'home' },
  { path: '/settings', name: 'settings' },
  { path: '/books', name: 'books', signedIn: true }, // example: books
];

const LOOKS = [
  ...['DEFAULT-THEME', 'LIGHT-THEME', 'NATURE-THEME', 'BLACK-THEME'].map((theme) => ({
    theme,
    language: 'en',
    width: 1280,
  })),
  ...['DEFAULT-THEME', 'BLACK-THEME'].map((theme) => ({ theme, language: 'he', width: 390 })),
];

const HEIGHT = { 1280: 800, 390: 844 } as const;
const STYLE_WITHOUT_PAGES = fileURLToPath(new URL('screenshots-without-pages.css', import.meta.url));
/** Playwright's own Chromium (GitHub's runners, `npx playwright install`): another build, which draws text otherwise. */
const PLAYWRIGHTS_OWN_CHROMIUM = findBrowser()?.executablePath === undefined;
/** The folder of the images a Chromium major version drew. */
const drawnBy = (major: number) => `chromium-${major}`;
const hasImagesOf = (major: number) =>
  existsSync(fileURLToPath(new URL(`screenshots.spec.ts-snapshots/${drawnBy(major)}`, import.meta.url)));
const DEMO = { email: 'demo@snxt.dev', password: 'snxt-demo' };
/** The fonts Chromium draws the pages with, per language: what fonts-noto-core gives the app's font stack. */
const FONTS_USED = { en: ['Noto Sans'], he: ['Noto Sans', 'Noto Sans Hebrew'] } as const;

/** The font families Chromium used for the text of the page (DevTools protocol: CSS.getPlatformFontsForNode). */
async function fontsUsed(page: Page): Promise<string[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'body *' });
  const families = new Set<string>();
  for (const nodeId of nodeIds) {
    // A node the app replaced meanwhile (the tooltip code swaps in when idle) has no fonts to tell.
    const fonts = await cdp.send('CSS.getPlatformFontsForNode', { nodeId }).then(
      (answer) => answer.fonts,
      () => [],
    );
    for (const font of fonts) families.add(font.familyName);
  }
  await cdp.detach();
  return [...families].sort();
}

async function signInAtProvider(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_OIDC_ISSUER}/interaction/`));
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('screens stay as designed', () => {
  // The style that hides the product's pages is an inline <style>, which the app's CSP refuses.
  test.use({ bypassCSP: true });
  for (const { path, name, signedIn } of SCREENS) {
    for (const { theme, language, width } of LOOKS) {
      const look = `${theme.replace(/-THEME$/, '').toLowerCase()}-${language}-${width}`;
      test(`${path} ${look}`, async ({ page, browser }) => {
        test.skip(
          PLAYWRIGHTS_OWN_CHROMIUM,
          "The images were drawn by Debian 12's chromium with fonts-noto-core (what .ci/run installs); Playwright's " +
            'own Chromium draws text otherwise.',
        );
        const major = Number(browser.version().split('.')[0]);
        const drawing = ['all', 'changed'].includes(test.info().config.updateSnapshots);
        test.skip(
          !hasImagesOf(major) && !drawing,
          `No images were drawn by Chromium ${major} (this is ${browser.version()}): draw them with ` +
            '--update-snapshots, look at each, and commit them (see the top of this file).',
        );
        await page.setViewportSize({ width, height: HEIGHT[width as keyof typeof HEIGHT] });
        await seedSettings(page, { theme, language });
        await page.goto(path);
        if (signedIn) await signInAtProvider(page);
        await appReady(page);
        const html = page.locator('html');
        await expect(html).toHaveClass(theme.toLowerCase());
        await expect(html).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // A page that loads its data is drawn with it, not with its placeholder rows.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

        const fonts = await fontsUsed(page);
        expect(
          fonts,
          `Chromium ${browser.version()} draws ${path} in ${language} with ${fonts.join(', ')}; the images were made ` +
            `with ${FONTS_USED[language as keyof typeof FONTS_USED].join(', ')}: install the fonts .ci/run installs.`,
        ).toEqual(FONTS_USED[language as keyof typeof FONTS_USED]);

        const footer = page.getByRole('contentinfo');
        await expect(page, `${path} ${look} in Chromium ${browser.version()}`).toHaveScreenshot(
          [drawnBy(major), `${name}-${look}.png`],
          {
            fullPage: true,
            animations: 'disabled',
            threshold: 0,
            maxDiffPixels: 0,
            mask: [footer.getByText(/^© \d{4}$/), footer.getByRole('link', { name: /^v\d/ })],
            stylePath: STYLE_WITHOUT_PAGES,
          },
        );
      });
    }
  }
});
