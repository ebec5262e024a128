import type { BrowserContext, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, freePort, servePreview } from '../support/app-servers.mjs';
import { appDir, appReady, appUrl, expect, test } from './fixtures';

// The idle build signs out after E2E_IDLE_TIMEOUT_MINUTES without activity (global-setup.ts); Playwright's clock, one
// for every tab of a context, stands in for the minutes.
const DEMO = { email: 'demo@snxt.dev', password: 'snxt-demo' };
const LIMIT_MS = Number(process.env.E2E_IDLE_TIMEOUT_MINUTES) * 60_000;
const WARN_BEFORE_MS = Math.min(2 * 60_000, LIMIT_MS / 2);
const INACTIVE = 'You were signed out because you were inactive.';
const IDLE_CODE = /snxt\.idle\.|snxt-idle-sign-out|snxt:auth-return|signedOutInactive/;

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Are you still there?' });
const userMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'User menu' });
const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Login' });
const signedOutIn = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('snxt-AUTH') ?? 'null')?.isAuthenticated === false);
/** When the shared clock last saw activity (snxt-IDLE). */
const lastActivity = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('snxt-IDLE') ?? 'null')?.activeAt as number);

/** React reveals the lazily loaded dialog after a short throttle, a timer: move the paused clock on until it shows. */
async function untilWarningShows(context: BrowserContext, pages: Page[]) {
  await expect(async () => {
    await context.clock.runFor(50);
    for (const page of pages) await expect(warning(page)).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 15_000 });
}

/** The provider's form, as a page that needs sign-in (or Login) leads to it. */
async function signInAtProvider(page: Page) {
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Tab A on /profile (signed in through the provider), tab B on /settings; both follow one clock. */
async function twoSignedInTabs(context: BrowserContext) {
  await context.clock.install();
  const a = await context.newPage();
  await a.goto(`${appUrl('idle')}/profile`);
  await signInAtProvider(a);
  await expect(a.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const b = await context.newPage();
  await b.goto(`${appUrl('idle')}/settings`);
  await expect(userMenu(b)).toBeVisible();
  return { a, b, start: await lastActivity(a) };
}

test.describe('idle sign-out', () => {
  test.slow();

  test('warns in every tab when due, counts down, and Stay signed in in one tab closes it in the other', async ({
    context,
  }) => {
    const { a, b, start } = await twoSignedInTabs(context);
    await expect(
      a.getByText(`You will be signed out after ${LIMIT_MS / 60_000} minutes without activity.`),
    ).toBeVisible();
    const chunks: string[] = [];
    a.on('request', (request) => chunks.push(new URL(request.url()).pathname));

    await context.clock.pauseAt(start + LIMIT_MS - WARN_BEFORE_MS - 1_000);
    await expect(warning(a)).toHaveCount(0);
    await expect(warning(b)).toHaveCount(0);
    expect(chunks.filter((path) => path.includes('idle-warning'))).toEqual([]);

    await context.clock.runFor(1_000);
    await untilWarningShows(context, [a, b]);
    for (const page of [a, b]) {
      await expect(warning(page)).toHaveAttribute('aria-modal', 'true');
      await expect(warning(page).getByText('For your security, you will be signed out in 1:30.')).toBeVisible();
      await expect(warning(page)).toHaveAccessibleDescription(
        'For your security, you will be signed out in 1 minute, 30 seconds.',
      );
      await expect(page.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    }
    expect(chunks.filter((path) => path.includes('idle-warning'))).toHaveLength(1);

    // The countdown moves every second; what a screen reader hears, every 30 seconds.
    await context.clock.runFor(1_000);
    await expect(warning(a).getByText('For your security, you will be signed out in 1:29.')).toBeVisible();
    await expect(warning(a).getByRole('status')).toHaveText(
      'For your security, you will be signed out in 1 minute, 30 seconds.',
    );
    await context.clock.runFor(29_000);
    await expect(warning(a).getByText('For your security, you will be signed out in 1:00.')).toBeVisible();
    await expect(warning(a).getByRole('status')).toHaveText('For your security, you will be signed out in 1 minute.');

    // Keys pressed to read it leave it open; Stay signed in in tab B closes it in both and restarts the clock.
    await a.keyboard.press('Tab');
    await a.keyboard.press('ArrowDown');
    await expect(warning(a)).toBeVisible();
    const stayedAt = await b.evaluate(() => Date.now());
    await b.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(warning(b)).toHaveCount(0);
    await expect(warning(a)).toHaveCount(0);
    await expect.poll(() => lastActivity(a)).toBe(stayedAt);
    await expect(userMenu(a)).toBeVisible();
  });

  test('activity in another tab postpones the warning for every tab', async ({ context }) => {
    const { a, b, start } = await twoSignedInTabs(context);
    await context.clock.pauseAt(start + LIMIT_MS - WARN_BEFORE_MS - 10_000);
    await b.mouse.wheel(0, 400);
    await b.keyboard.press('Shift');
    await expect.poll(() => lastActivity(a)).toBe(start + LIMIT_MS - WARN_BEFORE_MS - 10_000);
    await context.clock.runFor(10_000);
    await expect(warning(a)).toHaveCount(0);
    await expect(warning(b)).toHaveCount(0);
    await context.clock.runFor(LIMIT_MS - WARN_BEFORE_MS - 10_000);
    await untilWarningShows(context, [a, b]);
  });

  test('at the limit every tab is signed out with the notice; signing in again returns to the page', async ({
    context,
    request,
  }) => {
    const { a, b, start } = await twoSignedInTabs(context);
    const oidcUser = `oidc.user:${process.env.E2E_OIDC_ISSUER}:${process.env.E2E_OIDC_CLIENT_ID}`;
    const refreshToken = await a.evaluate((key) => JSON.parse(localStorage.getItem(key)!).refresh_token, oidcUser);
    await context.clock.pauseAt(start + LIMIT_MS);
    await context.clock.resume();

    for (const page of [a, b]) {
      await expect(page.getByText(INACTIVE)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(INACTIVE)).toHaveCount(1);
      await expect(loginButton(page)).toBeVisible();
      expect(await signedOutIn(page)).toBe(true);
    }
    // Tab A's page needed sign-in: it is at home, as after Logout. The stored tokens are gone and revoked.
    await expect(a).toHaveURL(`${appUrl('idle')}/`);
    expect(await a.evaluate((key) => localStorage.getItem(key), oidcUser)).toBeNull();
    const refused = await request.post(`${process.env.E2E_OIDC_ISSUER}/oauth2/token`, {
      form: { grant_type: 'refresh_token', client_id: process.env.E2E_OIDC_CLIENT_ID!, refresh_token: refreshToken },
    });
    expect(refused.status()).toBe(400);

    // The provider's session ended too: Login asks for the password, then returns to the profile.
    await loginButton(a).click();
    await signInAtProvider(a);
    await expect(a).toHaveURL(`${appUrl('idle')}/profile`);
    await expect(a.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(userMenu(b)).toBeVisible();
  });

  test('a click after the limit passed while timers were held (a laptop waking) signs every tab out with the notice', async ({
    context,
  }) => {
    const { a, b, start } = await twoSignedInTabs(context);
    // The wall clock jumps; no timer runs, as in a sleeping laptop.
    await context.clock.setSystemTime(start + LIMIT_MS + 60_000);
    await b.mouse.click(5, 400);

    for (const page of [a, b]) {
      await expect(page.getByText(INACTIVE)).toBeVisible({ timeout: 15_000 });
      await expect(loginButton(page)).toBeVisible();
      expect(await signedOutIn(page)).toBe(true);
    }
    // The click never started the clock again: the record keeps the last activity, and says when it ended.
    const record = await b.evaluate(() => JSON.parse(localStorage.getItem('snxt-IDLE') ?? 'null'));
    expect(record.activeAt).toBe(start);
    expect(record.endedAt).toBeGreaterThanOrEqual(start + LIMIT_MS + 60_000);
  });

  test('a clock turned back an hour does not lengthen the limit', async ({ context }) => {
    const { a, b, start } = await twoSignedInTabs(context);
    await context.clock.pauseAt(start + 10_000);
    await a.mouse.click(5, 400);
    await expect.poll(() => lastActivity(b)).toBe(start + 10_000);
    await context.clock.setSystemTime(start + 10_000 - 60 * 60_000);

    await context.clock.runFor(LIMIT_MS - WARN_BEFORE_MS - 1_000);
    await expect(warning(a)).toHaveCount(0);
    await context.clock.runFor(1_000);
    await untilWarningShows(context, [a, b]);
    expect(await lastActivity(a)).toBeLessThanOrEqual(await a.evaluate(() => Date.now()));
    await context.clock.runFor(WARN_BEFORE_MS);
    await context.clock.resume();
    for (const page of [a, b]) {
      await expect(page.getByText(INACTIVE)).toBeVisible({ timeout: 15_000 });
      expect(await signedOutIn(page)).toBe(true);
    }
  });

  test('a build without VITE_IDLE_TIMEOUT_MINUTES has none of it', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${appUrl('main')}/profile`);
    await signInAtProvider(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText(/without activity/)).toHaveCount(0);
    await page.clock.fastForward('30:00');
    await page.mouse.click(5, 400);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(userMenu(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('snxt-IDLE'))).toBeNull();
    const assets = join(appDir('main'), 'assets');
    for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
      expect(readFileSync(join(assets, name), 'utf8'), name).not.toMatch(IDLE_CODE);
    }
  });
});

test('an invalid VITE_IDLE_TIMEOUT_MINUTES is one console error naming it, and the feature is off', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const outDir = '.e2e/idle-invalid';
  await buildApp(outDir, {
    VITE_OIDC_AUTHORITY: process.env.E2E_OIDC_ISSUER!,
    VITE_OIDC_CLIENT_ID: process.env.E2E_OIDC_CLIENT_ID!,
    VITE_IDLE_TIMEOUT_MINUTES: '1',
  });
  const preview = await servePreview(outDir, await freePort());
  try {
    await page.goto(preview.url);
    await appReady(page);
    await expect(loginButton(page)).toBeVisible();
    expect(consoleErrors).toHaveLength(1);
    expect(consoleErrors[0]).toContain('VITE_IDLE_TIMEOUT_MINUTES');
  } finally {
    await preview.stop();
  }
  const assets = join(outDir, 'assets');
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    expect(readFileSync(join(assets, name), 'utf8'), name).not.toMatch(IDLE_CODE);
  }
});
