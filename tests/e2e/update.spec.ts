import type { BrowserContext, Page } from '@playwright/test';
import { buildApp, freePort } from '../support/app-servers.mjs';
import { startSwitchableServer } from '../support/switchable-server.mjs';
import { expect, nothingHappensFor, test, waitForCachedChunk } from './fixtures';

// Two builds of the app, told apart by the environment name in the footer, served in turn from
// one origin: build A, then the deploy of build B.
const BUILDS = { a: '.e2e/update-a', b: '.e2e/update-b' };
let server: Awaited<ReturnType<typeof startSwitchableServer>>;

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await Promise.all([
    buildApp(BUILDS.a, { VITE_ENV_NAME: 'BUILD-A' }),
    buildApp(BUILDS.b, { VITE_ENV_NAME: 'BUILD-B' }),
  ]);
  server = await startSwitchableServer(BUILDS, await freePort());
});
test.afterAll(async () => server?.stop());
test.beforeEach(() => server.serve('a'));

const build = (page: Page) => page.getByRole('contentinfo');
const snackBar = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'A new version is available.' });

/** Counts the documents each tab has shown (1 on the first visit, +1 per reload). */
async function countDocuments(context: BrowserContext) {
  await context.addInitScript(() => {
    sessionStorage.setItem('e2e-documents', String(Number(sessionStorage.getItem('e2e-documents')) + 1));
  });
  return (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('e2e-documents')));
}

/** Opens build A in a tab and waits until the worker controls it. */
async function openA(page: Page) {
  await page.goto(`${server.url}/`);
  await expect(build(page)).toContainText('(BUILD-A)');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** What the app does every hour and when the tab becomes visible. */
const checkForUpdate = (page: Page) =>
  page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

test('a new build is offered; Reload shows it after exactly one reload; another tab of the old build does not loop', async ({
  page,
  context,
}) => {
  const documents = await countDocuments(context);
  await openA(page);
  await nothingHappensFor(page, 1_000, 'the first install claimed the tab: no prompt, no reload');
  await expect(snackBar(page)).toHaveCount(0);
  expect(await documents(page)).toBe(1);
  const other = await context.newPage();
  await other.goto(`${server.url}/settings`);
  await expect(build(other)).toContainText('(BUILD-A)');

  server.serve('b');
  await checkForUpdate(page);
  await expect(snackBar(page)).toBeVisible({ timeout: 20_000 });
  await expect(snackBar(other)).toBeVisible({ timeout: 20_000 });

  await snackBar(page).getByRole('button', { name: 'Reload' }).click();
  await expect(build(page)).toContainText('(BUILD-B)');
  await nothingHappensFor(page, 3_000, 'no second reload after the one Reload asked for');
  expect(await documents(page)).toBe(2);
  await expect(snackBar(page)).toHaveCount(0);

  // The other tab still runs A, under B's worker now: it keeps offering, never reloads on its own.
  expect(await documents(other)).toBe(1);
  await expect(build(other)).toContainText('(BUILD-A)');
  await expect(snackBar(other)).toBeVisible();
  await snackBar(other).getByRole('button', { name: 'Reload' }).click();
  await expect(build(other)).toContainText('(BUILD-B)');
  await nothingHappensFor(other, 2_000, 'no second reload in the other tab either');
  expect(await documents(other)).toBe(2);
  await expect(other.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

/** The tab goes to the background and comes back (visibilitychange: hidden, then visible), `times` in a row. */
const leaveAndReturn = (page: Page, times = 1) =>
  page.evaluate((count) => {
    for (let turn = 0; turn < count; turn += 1) {
      for (const state of ['hidden', 'visible']) {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
        document.dispatchEvent(new Event('visibilitychange'));
      }
    }
  }, times);

/** Counts the tab's calls of the worker registration's update(). */
async function countUpdateChecks(page: Page) {
  await page.evaluate(() => {
    const { update } = ServiceWorkerRegistration.prototype;
    const counted = window as unknown as { e2eUpdateChecks: number };
    counted.e2eUpdateChecks = 0;
    ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
      counted.e2eUpdateChecks += 1;
      return update.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { e2eUpdateChecks: number }).e2eUpdateChecks);
}

test('a tab that comes back to the front finds the new build and offers it: the same snack bar', async ({
  page,
  context,
}) => {
  const documents = await countDocuments(context);
  await openA(page);
  server.serve('b');
  await nothingHappensFor(page, 1_000, 'a tab in front does not look for a new build by itself');
  await expect(snackBar(page)).toHaveCount(0);
  await leaveAndReturn(page);
  await expect(snackBar(page)).toBeVisible({ timeout: 20_000 });
  await snackBar(page).getByRole('button', { name: 'Reload' }).click();
  await expect(build(page)).toContainText('(BUILD-B)');
  expect(await documents(page)).toBe(2);
});

test('offline, a return to the tab checks nothing; online again, the next return checks once, however quick the returns', async ({
  page,
  context,
}) => {
  await openA(page);
  const checks = await countUpdateChecks(page);
  server.serve('b');
  await context.setOffline(true);
  await leaveAndReturn(page);
  await nothingHappensFor(page, 1_000, 'offline, the return to the tab checks nothing');
  expect(await checks()).toBe(0);
  await expect(snackBar(page)).toHaveCount(0);

  await context.setOffline(false);
  await leaveAndReturn(page, 3);
  await expect(snackBar(page)).toBeVisible({ timeout: 20_000 });
  expect(await checks()).toBe(1);
});

test('dismissing the snack bar keeps the old build working, its pages too', async ({ page, context }) => {
  const documents = await countDocuments(context);
  await openA(page);
  await waitForCachedChunk(page, 'settings');

  server.serve('b');
  await checkForUpdate(page);
  await expect(snackBar(page)).toBeVisible({ timeout: 20_000 });
  await snackBar(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(snackBar(page)).toHaveCount(0);

  // A's settings chunk is gone from the server; the worker still has it.
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('switch', { name: 'Sticky header' }).click();
  await expect(build(page)).toContainText('(BUILD-A)');
  expect(await documents(page)).toBe(1);
});
