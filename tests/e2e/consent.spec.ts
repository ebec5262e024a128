import type { BrowserContext, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appDir, appReady, appUrl, expect, nothingHappensFor, seedSettings, test } from './fixtures';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtagReceived?: unknown[][];
  }
}

const GOOGLE = /(^|\.)(google|googletagmanager|google-analytics|doubleclick)\.[a-z.]+$/;
const GTAG_URL = () => `https://www.googletagmanager.com/gtag/js?id=${process.env.E2E_GA_MEASUREMENT_ID}`;

/** An ISO time this many months from now (negative: ago). */
function monthsFromNow(months: number) {
  const at = new Date();
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString();
}
const AT = monthsFromNow(0);

// Like the real gtag.js: takes over the dataLayer it finds (its push) and keeps it, processes what is queued, and
// sets its cookies. It records every command it receives.
const STAND_IN_GTAG = `(() => {
  const layer = window.dataLayer;
  const received = (window.gtagReceived = []);
  const keep = (entry) => received.push(JSON.parse(JSON.stringify(Array.from(entry))));
  layer.forEach(keep);
  const push = layer.push;
  layer.push = function (...entries) {
    entries.forEach(keep);
    return push.apply(layer, entries);
  };
  document.cookie = '_ga=GA1.1.1234.5678; Path=/; Max-Age=63072000';
  document.cookie = '_ga_${process.env.E2E_GA_MEASUREMENT_ID?.slice(2)}=GS1.1.1234; Path=/; Max-Age=63072000';
})();`;

/** Every request to Google's hosts, from any page of the context; gtag.js is answered locally by its stand-in. */
async function countGoogle(context: BrowserContext) {
  const requests: string[] = [];
  await context.route(
    (url) => GOOGLE.test(url.hostname),
    (route) => {
      requests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: STAND_IN_GTAG });
    },
  );
  return requests;
}

/** The commands gtag.js has received in this page (none before it ran). */
const received = (page: Page) => page.evaluate(() => window.gtagReceived ?? []);
const gaCookies = async (context: BrowserContext) =>
  (await context.cookies())
    .map((cookie) => cookie.name)
    .filter((name) => /^_ga/.test(name))
    .sort();
const DENIED = ['consent', 'update', { analytics_storage: 'denied' }];

/** The gtag commands in window.dataLayer, each as its arguments (JSON-encoded, dates as strings). */
const commands = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => JSON.parse(JSON.stringify(Array.from(entry as ArrayLike<unknown>)))),
  ) as Promise<unknown[][]>;
const consentCommands = async (page: Page) => (await commands(page)).filter((args) => args[0] === 'consent');
const storedConsent = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('snxt-CONSENT') ?? 'null'));

const banner = (page: Page) => page.getByRole('region', { name: 'Privacy choices' });
const switchOf = (page: Page) => page.getByRole('switch', { name: 'Analytics cookies' });

/** What the app does after the first page (idle callbacks, the load event) has had its time, and sent nothing. */
const settle = (page: Page) => nothingHappensFor(page, 1_500, 'after the first page nothing goes to Google');

test.describe('analytics consent', () => {
  let origin: string;
  let google: string[];

  test.beforeEach(async ({ context }) => {
    origin = appUrl('analytics');
    google = await countGoogle(context);
  });

  test('a first visit: consent default (all denied) comes first, the banner asks, nothing goes to Google', async ({
    page,
  }) => {
    await page.goto(`${origin}/`);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('This app uses analytics cookies to learn how it is used.');
    await expect(banner(page).getByRole('button', { name: 'Accept analytics' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Reject analytics' })).toBeVisible();
    const [first] = await commands(page);
    expect(first).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await settle(page);
    expect(google).toEqual([]);
    expect(await consentCommands(page)).toHaveLength(1);
    // Page views go into dataLayer anyway; only gtag.js would send them.
    expect((await commands(page)).filter((args) => args[1] === 'page_view')).toHaveLength(2);
  });

  test('Accept: the update, then gtag.js; stored, and the banner does not come back', async ({ page }) => {
    await page.goto(`${origin}/`);
    await banner(page).getByRole('button', { name: 'Accept analytics' }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => google).toEqual([GTAG_URL()]);
    expect((await consentCommands(page)).map((args) => args.slice(1))).toEqual([
      ['default', expect.objectContaining({ analytics_storage: 'denied' })],
      ['update', { analytics_storage: 'granted' }],
    ]);
    const stored = await storedConsent(page);
    expect(stored).toEqual({ analytics: 'granted', version: 1, at: expect.any(String) });
    expect(Date.parse(stored.at)).not.toBeNaN();

    await page.reload();
    await appReady(page);
    await expect.poll(() => google).toHaveLength(2);
    await expect(banner(page)).toBeHidden();
    // The stored choice is told before the page view, so gtag.js sends it with consent.
    const order = (await commands(page)).map((args) => `${args[0]} ${args[0] === 'js' ? '' : args[1]}`);
    expect(order.slice(0, 5)).toEqual([
      'consent default',
      'js ',
      `config ${process.env.E2E_GA_MEASUREMENT_ID}`,
      'consent update',
      'event page_view',
    ]);
  });

  test('Reject: no request to Google, ever, across reloads and navigations', async ({ page }) => {
    await page.goto(`${origin}/settings`);
    await banner(page).getByRole('button', { name: 'Reject analytics' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ analytics: 'denied', version: 1 });
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    await page.reload();
    await appReady(page);
    await page.goto(`${origin}/nope`);
    await expect(page).toHaveURL(`${origin}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${origin}/`);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await settle(page);
    await expect(banner(page)).toBeHidden();
    await expect(switchOf(page)).toHaveAttribute('aria-checked', 'false');
    expect(google).toEqual([]);
  });

  test('the settings switch withdraws and gives consent at any time', async ({ page }) => {
    await page.goto(`${origin}/`);
    await banner(page).getByRole('button', { name: 'Accept analytics' }).click();
    await expect.poll(() => google).toHaveLength(1);
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('group', { name: 'Privacy' })).toBeVisible();
    await expect(switchOf(page)).toHaveAttribute('aria-checked', 'true');

    await switchOf(page).click();
    await expect(switchOf(page)).toHaveAttribute('aria-checked', 'false');
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(await storedConsent(page)).toMatchObject({ analytics: 'denied' });
    await expect(banner(page)).toBeHidden();

    await page.reload();
    await appReady(page);
    await expect(switchOf(page)).toHaveAttribute('aria-checked', 'false');
    await settle(page);
    expect(google).toHaveLength(1);

    await switchOf(page).click();
    await expect.poll(() => google).toHaveLength(2);
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
  });

  test('withdrawing stops analytics at once: nothing more reaches gtag.js, its cookies go, later loads do not load it', async ({
    page,
    context,
  }) => {
    await page.goto(`${origin}/`);
    await banner(page).getByRole('button', { name: 'Accept analytics' }).click();
    await expect.poll(() => received(page)).toContainEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    await expect.poll(() => gaCookies(context)).toEqual(['_ga', `_ga_${process.env.E2E_GA_MEASUREMENT_ID!.slice(2)}`]);
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect
      .poll(async () => (await received(page)).filter((args) => args[1] === 'page_view'))
      .toEqual([
        ['event', 'page_view', { page_location: `${origin}/`, page_path: '/' }],
        ['event', 'page_view', { page_location: `${origin}/settings`, page_path: '/settings' }],
      ]);

    await switchOf(page).click();
    await expect(switchOf(page)).toHaveAttribute('aria-checked', 'false');
    // gtag.js learns of the withdrawal, then hears nothing more.
    expect((await received(page)).at(-1)).toEqual(DENIED);
    const heard = (await received(page)).length;
    expect(await gaCookies(context)).toEqual([]);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
    await page.goForward();
    await expect(switchOf(page)).toBeVisible();
    await settle(page);
    expect(await received(page)).toHaveLength(heard);
    // The page views still go into dataLayer (only gtag.js would send them).
    expect((await commands(page)).filter((args) => args[1] === 'page_view')).toHaveLength(4);

    await page.reload();
    await appReady(page);
    await settle(page);
    expect(google).toEqual([GTAG_URL()]);
    expect(await page.evaluate(() => window.gtagReceived)).toBeUndefined();
    expect(await gaCookies(context)).toEqual([]);
  });

  test('a withdrawal in another tab stops gtag.js in this one too', async ({ context, page }) => {
    await page.goto(`${origin}/`);
    await banner(page).getByRole('button', { name: 'Accept analytics' }).click();
    await expect.poll(() => received(page)).toContainEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    const other = await context.newPage();
    await other.goto(`${origin}/settings`);
    // The switch shows the choice once the consent model has loaded (after the first page); a click before is early.
    await expect(switchOf(other)).toHaveAttribute('aria-checked', 'true');
    await switchOf(other).click();
    await expect(switchOf(other)).toHaveAttribute('aria-checked', 'false');
    await expect.poll(async () => (await received(page)).at(-1)).toEqual(DENIED);
    const heard = (await received(page)).length;
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await settle(page);
    expect(await received(page)).toHaveLength(heard);
    expect(await gaCookies(context)).toEqual([]);
  });

  test('other tabs follow the choice', async ({ context, page }) => {
    const other = await context.newPage();
    await page.goto(`${origin}/`);
    await other.goto(`${origin}/settings`);
    await expect(banner(other)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Accept analytics' }).click();
    await expect(banner(other)).toBeHidden();
    await expect(switchOf(other)).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => google).toHaveLength(2);
    expect((await consentCommands(other)).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);

    await switchOf(other).click();
    await expect
      .poll(async () => (await consentCommands(page)).at(-1))
      .toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
  });

  for (const [what, value] of [
    ['another version', JSON.stringify({ analytics: 'granted', version: 2, at: AT })],
    ['an unknown choice', JSON.stringify({ analytics: 'yes', version: 1, at: AT })],
    ['a choice under __proto__', `{"__proto__":{"analytics":"granted","version":1,"at":"${AT}"}}`],
    ['no JSON', 'granted'],
    ['a choice made 13 months ago', JSON.stringify({ analytics: 'granted', version: 1, at: monthsFromNow(-13) })],
    ['a choice dated in the future', JSON.stringify({ analytics: 'granted', version: 1, at: monthsFromNow(1) })],
  ]) {
    test(`a stored value with ${what} counts as no choice`, async ({ page }) => {
      await page.addInitScript((stored) => localStorage.setItem('snxt-CONSENT', stored), value);
      await page.goto(`${origin}/`);
      await expect(banner(page)).toBeVisible();
      await settle(page);
      expect(google).toEqual([]);
    });
  }
});

test('a choice made 11 months ago still counts: no banner, gtag.js loads', async ({ context, page }) => {
  const google = await countGoogle(context);
  await page.addInitScript(
    (at) => localStorage.setItem('snxt-CONSENT', JSON.stringify({ analytics: 'granted', version: 1, at })),
    monthsFromNow(-11),
  );
  await page.goto(`${appUrl('analytics')}/`);
  await appReady(page);
  await expect.poll(() => google).toEqual([GTAG_URL()]);
  await expect(banner(page)).toBeHidden();
});

test.describe('the consent banner', () => {
  const origin = () => appUrl('analytics');

  test('does not take focus and is reached by keyboard after the page', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expect(banner(page)).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    const accept = banner(page).getByRole('button', { name: 'Accept analytics' });
    await accept.focus();
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: 'Reject analytics' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px it sits at the bottom, off the toolbar and, at the end of the page, off the footer`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.goto(`${origin()}/`);
      await expect(banner(page)).toBeVisible();
      const viewport = page.viewportSize()!;
      const box = (await banner(page).boundingBox())!;
      const toolbar = (await page.getByRole('banner').boundingBox())!;
      expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
      expect(box.y).toBeGreaterThan(toolbar.y + toolbar.height);
      // Equally prominent: the same size.
      const accept = (await banner(page).getByRole('button', { name: 'Accept analytics' }).boundingBox())!;
      const reject = (await banner(page).getByRole('button', { name: 'Reject analytics' }).boundingBox())!;
      expect(Math.abs(accept.height - reject.height)).toBeLessThan(1);
      if (width < 600) expect(Math.abs(accept.width - reject.width)).toBeLessThan(1);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(async () => {
          const footer = (await page.getByRole('contentinfo').boundingBox())!;
          const now = (await banner(page).boundingBox())!;
          return now.y >= footer.y + footer.height - 1;
        })
        .toBe(true);
    });
  }

  test('is mirrored in Hebrew', async ({ page }) => {
    await seedSettings(page, { language: 'he' });
    await page.goto(`${origin()}/`);
    const region = page.getByRole('region', { name: 'הגדרות פרטיות' });
    await expect(region).toBeVisible();
    const accept = (await region.getByRole('button', { name: 'אישור ניתוח נתונים' }).boundingBox())!;
    const reject = (await region.getByRole('button', { name: 'דחיית ניתוח נתונים' }).boundingBox())!;
    expect(accept.x).toBeGreaterThan(reject.x);
  });
});

test('the prerendered settings page holds the switch off and hydrates cleanly into the stored choice', async ({
  context,
  page,
  request,
}) => {
  const origin = appUrl('analytics');
  const google = await countGoogle(context);
  const prerendered = await (await request.get(`${origin}/settings`)).text();
  const id = /<label for="([^"]+)"[^>]*>Analytics cookies<\/label>/.exec(prerendered)?.[1];
  expect(prerendered).toMatch(new RegExp(`role="switch" id="${id}" aria-checked="false"`));
  const problems: string[] = [];
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(
    (at) => localStorage.setItem('snxt-CONSENT', JSON.stringify({ analytics: 'denied', version: 1, at })),
    AT,
  );
  await page.goto(`${origin}/settings`);
  await appReady(page);
  await expect(switchOf(page)).toHaveAttribute('aria-checked', 'false');
  await switchOf(page).click();
  await expect(switchOf(page)).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => google).toEqual([GTAG_URL()]);
  await nothingHappensFor(page, 300, 'gtag.js, loaded, causes no late console error');
  expect(problems.filter((text) => !text.includes('blocked by Playwright'))).toEqual([]);
});

test('without a measurement id: no banner, no switch and none of their code', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
  await page.goto(`${appUrl('bare')}/settings`);
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await settle(page);
  await expect(banner(page)).toHaveCount(0);
  await expect(switchOf(page)).toHaveCount(0);
  expect(chunks.filter((path) => /consent|analytics|web-vitals/.test(path))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('snxt-CONSENT'))).toBeNull();
  const assets = join(appDir('bare'), 'assets');
  const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(files.filter((name) => /consent|analytics|web-vitals/.test(name))).toEqual([]);
  for (const name of files) {
    expect(readFileSync(join(assets, name), 'utf8'), name).not.toMatch(
      /analytics_storage|snxt\.consent|snxt\.settings\.privacy|largest-contentful-paint/,
    );
  }
});
