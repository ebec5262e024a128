import { type BrowserContext, type ConsoleMessage, test as base, expect, type Page } from '@playwright/test';

export type AppVariant =
  'main' | 'cognito' | 'analytics' | 'bare' | 'required' | 'identity' | 'reports' | 'groups' | 'idle';

/** Address of one of the production builds started by global-setup.ts. */
export function appUrl(variant: AppVariant = 'main'): string {
  const url = process.env[`E2E_${variant.toUpperCase()}_URL`];
  if (!url)
    throw new Error(
      `E2E_${variant.toUpperCase()}_URL is not set: run through playwright.config.ts (E2E_VARIANTS leaves it out?)`,
    );
  return url;
}

/** The folder a build was written to (relative to the repository), e.g. to read its deploy configs. */
export function appDir(variant: AppVariant = 'main'): string {
  const dir = process.env[`E2E_${variant.toUpperCase()}_DIR`];
  if (!dir) throw new Error(`E2E_${variant.toUpperCase()}_DIR is not set: run through playwright.config.ts`);
  return dir;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Every test runs against the main build by default and may only reach loopback addresses:
 * any other request is aborted (tests that need one answer it themselves with page.route).
 * Service workers are blocked unless a spec opts in (`test.use({ serviceWorkers: 'allow' })`):
 * a worker answers requests from its caches, where page.route never sees them.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  serviceWorkers: 'block',
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure
  baseURL: async ({}, use) => use(appUrl('main')),
  context: async ({ context }, use) => {
    await context.route(
      (url) => !LOOPBACK.has(url.hostname),
      (route) => route.abort('blockedbyclient'),
    );
    await use(context);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/**
 * Waits until the app takes input (its `snxt:input` mark): a prerendered page shows at once, and input
 * made on it before then is kept and applied at that moment.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('snxt:input').length > 0, null, { polling: 50 });
}

/**
 * The one fixed wait a test may make: for a time in which it expects nothing to happen (no second reload, no late
 * request, no page view more), `reason` saying what. Anything a user waits for is waited for by what shows it.
 */
export async function nothingHappensFor(page: Page, ms: number, reason: string): Promise<void> {
  // eslint-disable-next-line no-restricted-syntax -- the named wait itself
  await test.step(`nothing happens for ${ms} ms: ${reason}`, () => page.waitForTimeout(ms), { box: true });
}

/** Two tabs of one browser, as a user keeps them: Settings in the first, home in the second, both taking input. */
export async function settingsAndHomeTabs(context: BrowserContext): Promise<[Page, Page]> {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/settings');
  await second.goto('/');
  await Promise.all([appReady(first), appReady(second)]);
  return [first, second];
}

/** Playwright's own console line when a blocked service worker is registered: not the app's. */
export const isPlaywrightsOwnLine = (message: ConsoleMessage): boolean =>
  message.type() === 'warning' && message.text().includes('blocked by Playwright');

/** Puts settings into storage before the app starts, the way a returning user has them. */
export async function seedSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('snxt-SETTINGS', JSON.stringify(value));
      sessionStorage.setItem('e2e-seeded', '1');
    }
  }, settings);
}

/** Waits until the service worker's asset cache holds the chunk whose file name starts with `name-`. */
export async function waitForCachedChunk(page: Page, name: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          async (prefix) =>
            (await (await caches.open('snxt-assets')).keys()).some((request) =>
              new URL(request.url).pathname.split('/').pop()!.startsWith(prefix),
            ),
          `${name}-`,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}
