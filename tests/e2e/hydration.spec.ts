import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { appReady, expect, isPlaywrightsOwnLine, nothingHappensFor, seedSettings, test } from './fixtures';

const PAGES = [
  { path: '/', english: 'Starter Next' },
  { path: '/settings', english: 'Settings' },
] as const;
const WIDTHS = [1280, 390] as const;

interface Visit {
  name: string;
  stored?: Record<string, unknown>;
  locale?: string;
  themeClass: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The page's h1 on `/settings` once the app shows the visitor's language. */
  settingsHeading: string;
}

const VISITS: Visit[] = [
  { name: 'first visit, English', themeClass: 'default-theme', lang: 'en', dir: 'ltr', settingsHeading: 'Settings' },
  {
    name: 'first visit from a German browser',
    locale: 'de-DE',
    themeClass: 'default-theme',
    lang: 'de',
    dir: 'ltr',
    settingsHeading: 'Einstellungen',
  },
  {
    name: 'stored light theme, English, no sticky header',
    stored: { theme: 'LIGHT-THEME', language: 'en', stickyHeader: false },
    themeClass: 'light-theme',
    lang: 'en',
    dir: 'ltr',
    settingsHeading: 'Settings',
  },
  {
    name: 'stored Hebrew, nature theme',
    stored: { theme: 'NATURE-THEME', language: 'he', elementsAnimations: false },
    themeClass: 'nature-theme',
    lang: 'he',
    dir: 'rtl',
    settingsHeading: 'הגדרות',
  },
  {
    name: 'stored German, black theme',
    stored: { theme: 'BLACK-THEME', language: 'de', autoNightMode: true },
    themeClass: 'black-theme',
    lang: 'de',
    dir: 'ltr',
    settingsHeading: 'Einstellungen',
  },
  {
    name: 'stored dark night mode from the device',
    stored: { autoNightMode: true, nightModeSource: 'system', nightTheme: 'BLACK-THEME', language: 'fr' },
    themeClass: 'black-theme',
    lang: 'fr',
    dir: 'ltr',
    settingsHeading: 'Paramètres',
  },
  // The other languages, so every translation hydrates cleanly too.
  {
    name: 'stored Spanish, light theme',
    stored: { theme: 'LIGHT-THEME', language: 'es' },
    themeClass: 'light-theme',
    lang: 'es',
    dir: 'ltr',
    settingsHeading: 'Ajustes',
  },
  {
    name: 'stored Brazilian Portuguese',
    stored: { language: 'pt-br' },
    themeClass: 'default-theme',
    lang: 'pt-BR',
    dir: 'ltr',
    settingsHeading: 'Configurações',
  },
  {
    name: 'stored Slovak, nature theme',
    stored: { theme: 'NATURE-THEME', language: 'sk' },
    themeClass: 'nature-theme',
    lang: 'sk',
    dir: 'ltr',
    settingsHeading: 'Nastavenia',
  },
  {
    name: 'stored Chinese, black theme',
    stored: { theme: 'BLACK-THEME', language: 'zh-cn' },
    themeClass: 'black-theme',
    lang: 'zh-CN',
    dir: 'ltr',
    settingsHeading: '设置',
  },
];

/** Every console error or warning, uncaught error and CSP violation of the page. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !isPlaywrightsOwnLine(message))
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/**
 * Holds the entry script back until the prerendered h1 has been marked, then lets it run: the
 * same h1 node after start-up proves React hydrated the markup instead of replacing it.
 */
async function loadMarkingPrerenderedHeading(page: Page, url: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector('h1', { state: 'attached' });
  await page.evaluate(
    () => ((document.querySelector('h1') as HTMLElement & { prerendered?: boolean }).prerendered = true),
  );
  release();
}

test.describe('prerendered pages hydrate cleanly', () => {
  for (const width of WIDTHS) {
    for (const { path } of PAGES) {
      test(`${path} at ${width}px: every visit hydrates without a warning, in its theme and language`, async ({
        browser,
        baseURL,
      }) => {
        test.setTimeout(120_000);
        for (const visit of VISITS) {
          const context = await browser.newContext({
            viewport: { width, height: 800 },
            locale: visit.locale ?? 'en-US',
            colorScheme: 'dark',
          });
          const page = await context.newPage();
          const problems = watchProblems(page);
          await page.addInitScript(() =>
            document.addEventListener('securitypolicyviolation', (event) =>
              console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
            ),
          );
          if (visit.stored) await seedSettings(page, visit.stored);
          await loadMarkingPrerenderedHeading(page, `${baseURL}${path}`);

          const html = page.locator('html');
          await expect(html, visit.name).toHaveClass(new RegExp(`(^| )${visit.themeClass}( |$)`));
          await expect(html, visit.name).toHaveAttribute('lang', visit.lang);
          await expect(html, visit.name).toHaveAttribute('dir', visit.dir);
          if (path === '/settings') {
            await expect(page.getByRole('heading', { level: 1 }), visit.name).toHaveText(visit.settingsHeading);
          }
          await expect(html, visit.name).not.toHaveClass(/snxt-translating/);
          expect(
            await page.evaluate(
              () => (document.querySelector('h1') as HTMLElement & { prerendered?: boolean }).prerendered,
            ),
            `${visit.name}: the prerendered h1 is still the one on screen`,
          ).toBe(true);
          await nothingHappensFor(page, 300, 'no late warning (React reports a mismatch after the commit)');
          expect(problems, visit.name).toEqual([]);
          await context.close();
        }
      });
    }
  }

  test('a stored German visitor never sees the English text', async ({ page }) => {
    await seedSettings(page, { language: 'de' });
    // Every frame, from the first: the h1 text whenever the app's content is visible.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenHeadings: string[] }).seenHeadings = seen;
      const look = () => {
        const root = document.getElementById('root');
        const heading = document.querySelector('h1');
        if (root && heading && getComputedStyle(root).visibility === 'visible') seen.push(heading.textContent ?? '');
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { seenHeadings: string[] }).seenHeadings);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['Einstellungen']));
  });

  test('the first page does not animate in: it is at full opacity from the prerendered HTML on', async ({ page }) => {
    await page.addInitScript(() => {
      const opacities: string[] = [];
      (window as unknown as { opacities: string[] }).opacities = opacities;
      const look = () => {
        const heading = document.querySelector('h1');
        for (let element: Element | null = heading; element; element = element.parentElement) {
          opacities.push(getComputedStyle(element).opacity);
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await nothingHappensFor(page, 700, 'nothing on the way to the heading fades, as an entrance animation would');
    const opacities = await page.evaluate(() => (window as unknown as { opacities: string[] }).opacities);
    expect(opacities.length).toBeGreaterThan(0);
    expect(opacities.filter((opacity) => opacity !== '1')).toEqual([]);
  });

  /** Opens a page with its entry script held back until the returned function is called. */
  async function openBeforeTheApp(page: Page, path: string): Promise<() => void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path);
    return release;
  }

  test('a visitor who scrolls before the app runs stays where they are when it does', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    const release = await openBeforeTheApp(page, '/settings');
    await page.evaluate(() => window.scrollTo(0, 300));
    release();
    await appReady(page);
    await nothingHappensFor(page, 300, 'the app does not scroll the page back once it runs');
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
  });

  test('a click made before the app runs is kept and applied once it does, not lost', async ({ page }) => {
    const release = await openBeforeTheApp(page, '/settings');
    const sticky = page.getByRole('switch', { name: 'Sticky header' });
    // The prerendered switch is ready to use: nothing says "not yet".
    await expect(sticky).toBeEnabled();
    await sticky.click();
    await expect(sticky).toHaveAttribute('aria-checked', 'true');
    release();
    await appReady(page);
    await expect(sticky).toHaveAttribute('aria-checked', 'false');
  });

  test('a pointer resting on a link with a tooltip before the app runs gets the tooltip once it does', async ({
    page,
  }) => {
    const release = await openBeforeTheApp(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'v9.0.0' }).hover();
    release();
    await expect(page.getByRole('tooltip')).toHaveText('Changelog');
  });

  test('an unknown path is not hydrated with the home markup: it renders and goes home', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('the prerendered HTML', () => {
  for (const { path, english } of PAGES) {
    test(`${path} is readable without JavaScript, styled by a <style> the CSP allows by hash`, async ({
      request,
      baseURL,
    }) => {
      const response = await request.get(`${baseURL}${path}`);
      const html = await response.text();
      expect(html).toContain(`data-prerendered="${path}"`);
      expect(html).toContain(`>${english}</h1>`);
      // A style attribute would be blocked by style-src: none may be in the page.
      expect(html).not.toMatch(/\sstyle=/);
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css!);
      expect(styles).toHaveLength(1);
      const hash = `'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`;
      const styleSrc = /style-src ([^;]+)/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
      expect(styleSrc?.split(' ')).toEqual(["'self'", hash]);
    });
  }

  test('pages render and look right with JavaScript off', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => /Content Security Policy/.test(message.text()) && violations.push(message.text()));
    await page.goto(`${baseURL}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'true');
    // Styled: the toolbar has its theme colour, not a transparent default.
    const toolbar = await page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(toolbar).toBe('rgb(57, 73, 171)');
    expect(violations).toEqual([]);
    await context.close();
  });
});
