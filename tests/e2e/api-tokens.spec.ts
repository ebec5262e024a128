import type { Page } from '@playwright/test';
import { appUrl, expect, test } from './fixtures';

// The `required` build lists the app's own origin as an API origin (VITE_API_ORIGINS=self), so its
// HTTP helper has the access token at hand for every request to the app. The app's own files and
// the provider must never get it. Which API requests do get it, and the 401 handling, are proven
// where the helper can be driven without a back door: src/lib/http-access-token.test.ts and
// tests/support/api-tokens.test.ts (a real provider and a real API server).

const issuer = () => process.env.E2E_OIDC_ISSUER!;
const oidcUserKey = () => `oidc.user:${issuer()}:${process.env.E2E_OIDC_CLIENT_ID}`;

/** Every request the page makes, with the Authorization header it carried. */
function recordRequests(page: Page) {
  const sent: Promise<{ url: string; authorization: string | undefined }>[] = [];
  page.on('request', (request) =>
    sent.push(request.allHeaders().then((headers) => ({ url: request.url(), authorization: headers.authorization }))),
  );
  return () => Promise.all(sent);
}

test('no request of the app carries the access token: its own files (even with self listed), translations, icons, the provider', async ({
  page,
}) => {
  const origin = appUrl('required');
  const requests = recordRequests(page);
  await page.goto(origin);
  await page.getByLabel('Email').fill('demo@snxt.dev');
  await page.getByLabel('Password').fill('snxt-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'User menu' })).toBeVisible();

  // Translation files, page chunks, the profile, and an icon file (the route error page shows one).
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto(`${origin}/profile`);
  await expect(page.getByRole('main').locator('time').first()).toBeVisible();
  await page.route(/\/assets\/settings-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto(`${origin}/settings`);
  await expect(page.getByRole('alert').getByRole('link').locator('svg')).toBeVisible();
  await page.unroute(/\/assets\/settings-[\w-]+\.js$/);

  // An expired access token: the provider's token endpoint renews it at start-up.
  await page.evaluate((key) => {
    const user = JSON.parse(localStorage.getItem(key)!);
    localStorage.setItem(key, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) - 10 }));
  }, oidcUserKey());
  const renewed = page.waitForResponse(`${issuer()}/oauth2/token`);
  await page.reload();
  expect((await renewed).status()).toBe(200);
  await expect(page.getByRole('banner').getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const sent = await requests();
  const urls = sent.map((request) => request.url);
  expect(urls.some((url) => /\/assets\/i18n\/de\.json$/.test(url))).toBe(true);
  expect(urls.some((url) => /\/assets\/icons\/[\w-]+\.svg$/.test(url))).toBe(true);
  expect(urls.some((url) => url === `${issuer()}/oauth2/token`)).toBe(true);
  expect(sent.filter((request) => request.authorization !== undefined)).toEqual([]);
});
