import type { Page, Route } from '@playwright/test';
import { appReady, appUrl, expect, nothingHappensFor, test, waitForCachedChunk } from './fixtures';

// The worker keeps under /assets/ only what the build made; a bad answer reaches the page once and is not kept.
test.use({ serviceWorkers: 'allow', baseURL: appUrl('bare') });

const PALETTE_CHUNK = /\/assets\/command-palette-[\w-]+\.js$/;
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

async function waitForWorker(page: Page) {
  await page.goto('/');
  await appReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** What the worker's asset cache holds under paths like this one. */
const keptPaths = (page: Page, pattern: RegExp) =>
  page.evaluate(
    async ({ source, flags }) =>
      (await (await caches.open('snxt-assets')).keys())
        .map((request) => new URL(request.url).pathname)
        .filter((path) => new RegExp(source, flags).test(path)),
    { source: pattern.source, flags: pattern.flags },
  );

const BAD_ANSWERS: [string, (route: Route) => Promise<Parameters<Route['fulfill']>[0]>][] = [
  ['a proxy’s text/plain error page', async () => ({ status: 200, contentType: 'text/plain', body: 'Upstream busy' })],
  [
    'JavaScript whose bytes differ from the build’s (cut short on the way)',
    async (route) => {
      const body = await (await route.fetch()).body();
      return { status: 200, contentType: 'text/javascript', body: body.subarray(0, body.length >> 1) };
    },
  ],
];

for (const [what, badAnswer] of BAD_ANSWERS) {
  test(`${what} at the palette’s chunk is served once and never kept: on the next visit Ctrl+K opens the palette`, async ({
    page,
    context,
  }) => {
    let answeredToWorker = 0;
    await context.route(PALETTE_CHUNK, async (route) => {
      if (route.request().serviceWorker()) answeredToWorker += 1;
      await route.fulfill(await badAnswer(route));
    });
    await waitForWorker(page);
    await page.keyboard.press('Control+k');
    // The worker asks for the chunk too (the palette, or the tab's files asked again once it took over).
    await expect.poll(() => answeredToWorker, { timeout: 20_000 }).toBeGreaterThan(0);
    await nothingHappensFor(page, 1_000, 'the worker keeps none of the bad answers');
    expect(await keptPaths(page, PALETTE_CHUNK)).toEqual([]);

    await context.unroute(PALETTE_CHUNK);
    await page.goto('/');
    await appReady(page);
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await waitForCachedChunk(page, 'command-palette');
  });
}

test('an HTML answer (in any case) at a stylesheet’s path is served once and never kept; the next request gets the stylesheet', async ({
  page,
  context,
}) => {
  const STYLESHEET = '/assets/legacy-Ab12.css';
  let fixed = false;
  await context.route(`**${STYLESHEET}`, (route) =>
    route.fulfill(
      fixed
        ? { contentType: 'text/css; charset=utf-8', body: 'p{color:red}' }
        : { contentType: 'Text/HTML; charset=utf-8', body: '<!doctype html><p>Upstream busy</p>' },
    ),
  );
  await waitForWorker(page);
  const get = () =>
    page.evaluate(async (path) => {
      const response = await fetch(path);
      return { type: response.headers.get('Content-Type'), body: await response.text() };
    }, STYLESHEET);
  expect((await get()).body).toContain('Upstream busy');
  await nothingHappensFor(page, 1_000, 'the worker keeps none of the bad answers');
  expect(await keptPaths(page, /legacy-/)).toEqual([]);

  fixed = true;
  await page.goto('/');
  await appReady(page);
  expect(await get()).toEqual({ type: 'text/css; charset=utf-8', body: 'p{color:red}' });
  // A file the build does not list, of the type its extension needs: kept.
  await expect.poll(() => keptPaths(page, /legacy-/)).toEqual([STYLESHEET]);
});
