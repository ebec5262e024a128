import type { Page } from '@playwright/test';
import { appReady, appUrl, expect, nothingHappensFor, test } from './fixtures';

const GTAG = /^https:\/\/www\.googletagmanager\.com\/gtag\/js/;

/** The `gtag('event', 'page_view', …)` calls in window.dataLayer, as plain arrays. */
const pageViews = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => args[2] as { page_location: string; page_path: string }),
  );

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtagScriptRan?: boolean;
  }
}

test.describe('analytics with a measurement id', () => {
  let origin: string;
  let gtagRequests: string[];

  test.beforeEach(async ({ page }) => {
    origin = appUrl('analytics');
    gtagRequests = [];
    // Answer gtag.js locally with a tiny script; nothing leaves the machine.
    await page.route(GTAG, (route) => {
      gtagRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.gtagScriptRan = true;' });
    });
  });

  test('with consent stored, loads gtag.js after the first paint, configured without its own page view', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      localStorage.setItem('snxt-CONSENT', JSON.stringify({ analytics: 'granted', version: 1, at: new Date() })),
    );
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.gtagScriptRan === true)).toBe(true);
    expect(gtagRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${process.env.E2E_GA_MEASUREMENT_ID}`]);
    const calls = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>).map((v) => JSON.stringify(v))),
    );
    expect(calls[0]?.slice(0, 2)).toEqual(['"consent"', '"default"']);
    expect(calls[1]?.[0]).toBe('"js"');
    expect(calls[2]).toEqual([
      '"config"',
      JSON.stringify(process.env.E2E_GA_MEASUREMENT_ID),
      '{"send_page_view":false}',
    ]);
  });

  test('sends one page_view per navigation with the final URL', async ({ page }) => {
    await page.goto(`${origin}/`);
    await expect.poll(() => pageViews(page)).toEqual([{ page_location: `${origin}/`, page_path: '/' }]);

    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(`${origin}/settings`);
    await expect
      .poll(() => pageViews(page))
      .toEqual([
        { page_location: `${origin}/`, page_path: '/' },
        { page_location: `${origin}/settings`, page_path: '/settings' },
      ]);

    await page.goBack();
    await expect.poll(async () => (await pageViews(page)).length).toBe(3);
    expect((await pageViews(page))[2]).toEqual({ page_location: `${origin}/`, page_path: '/' });
  });

  test('keeps the query string in page_path', async ({ page }) => {
    await page.goto(`${origin}/settings?tab=themes`);
    await expect
      .poll(() => pageViews(page))
      .toEqual([{ page_location: `${origin}/settings?tab=themes`, page_path: '/settings?tab=themes' }]);
  });

  test('an unknown path reports the page it redirected to, once', async ({ page }) => {
    await page.goto(`${origin}/nope`);
    await expect(page).toHaveURL(`${origin}/`);
    await expect.poll(() => pageViews(page)).toEqual([{ page_location: `${origin}/`, page_path: '/' }]);
    await nothingHappensFor(page, 500, 'no page view of /nope arrives late');
    expect(await pageViews(page)).toHaveLength(1);
  });
});

test.describe('web vitals', () => {
  const METRICS = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'];
  const vitals = (page: Page) =>
    page.evaluate(
      (names) =>
        (window.dataLayer ?? [])
          .map((entry) => Array.from(entry as ArrayLike<unknown>))
          .filter((args) => args[0] === 'event' && names.includes(args[1] as string))
          .map((args) => [args[1], args[2]] as [string, Record<string, unknown>]),
      METRICS,
    );

  test('LCP, INP, CLS, FCP and TTFB go into dataLayer as GA4 events once the page is hidden', async ({ page }) => {
    const vitalsLoaded = page.waitForResponse(/\/assets\/web-vitals-[^/]+\.js$/);
    await page.goto(`${appUrl('analytics')}/settings`);
    await appReady(page);
    await vitalsLoaded;
    // The library observes once its module has run: it reports TTFB at once then, and only then may the interaction
    // come (a click before it is not in the browser's buffer of events, so INP would have none).
    await expect.poll(async () => (await vitals(page)).map(([name]) => name)).toContain('TTFB');
    // An interaction, so there is an INP to report.
    const sticky = page.getByRole('switch', { name: 'Sticky header' });
    await sticky.click();
    await expect(sticky).toHaveAttribute('aria-checked', 'false');
    // The browser has timed the interaction (its first-input entry, after the next paint), so INP has one to report.
    await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
    // The library reads that entry in an idle callback, and reports INP on hiding only if it has read one by then: an
    // idle callback asked for in the next idle period runs after it (under load the page was hidden before it ran).
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
    );
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(async () => [...new Set((await vitals(page)).map(([name]) => name))].sort()).toEqual(METRICS);
    for (const [name, params] of await vitals(page)) {
      expect(params, name).toEqual({
        value: expect.any(Number),
        metric_id: expect.stringMatching(/\S/),
        metric_value: expect.any(Number),
        metric_delta: expect.any(Number),
        metric_rating: expect.stringMatching(/^(good|needs-improvement|poor)$/),
        non_interaction: true,
      });
      const delta = params.metric_delta as number;
      expect(params.value, name).toBe(Math.round(name === 'CLS' ? delta * 1000 : delta));
    }
  });
});

test('without a measurement id nothing is loaded or sent', async ({ page }) => {
  const analyticsRequests: string[] = [];
  page.on('request', (request) => {
    if (/googletagmanager|google-analytics|analytics-/.test(request.url())) analyticsRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await nothingHappensFor(page, 1_000, 'nothing of analytics loads after the first page, when the app is idle');
  expect(analyticsRequests).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
});
