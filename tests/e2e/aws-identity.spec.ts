import type { Page, Request } from '@playwright/test';
import { appUrl, expect, nothingHappensFor, test } from './fixtures';

// AWS credentials from the identity pool of the local provider (scripts/local-provider/cognito-identity.mjs):
// the main build's pool allows guests; the identity build's refuses them and hands out credentials
// lasting E2E_STRICT_CREDENTIALS_TTL seconds.
const DEMO = { email: 'demo@snxt.dev', password: 'snxt-demo' };
const UNAVAILABLE = 'AWS access is not available right now.';

interface IdentityCall {
  operation: 'GetId' | 'GetCredentialsForIdentity';
  identityId?: string;
  logins?: Record<string, string>;
}

/** Every call the page makes to the identity endpoint at `endpoint`, in order. */
function recordIdentityCalls(page: Page, endpoint: string): IdentityCall[] {
  const calls: IdentityCall[] = [];
  page.on('request', (request) => {
    if (request.url() !== endpoint || request.method() !== 'POST') return;
    const target = request.headers()['x-amz-target'] ?? '';
    const input = JSON.parse(request.postData() ?? '{}') as { IdentityId?: string; Logins?: Record<string, string> };
    const operation = target.split('.')[1] as IdentityCall['operation'];
    calls.push({ operation, identityId: input.IdentityId, logins: input.Logins });
  });
  return calls;
}

const isCall = (endpoint: string, operation: IdentityCall['operation']) => (request: Request) =>
  request.url() === endpoint && request.headers()['x-amz-target'] === `AWSCognitoIdentityService.${operation}`;

/** The next answer with AWS credentials (a signed-in user's only, with `forUser`), parsed. */
async function nextCredentials(page: Page, endpoint: string, forUser = false) {
  const response = await page.waitForResponse(
    (answer) =>
      isCall(endpoint, 'GetCredentialsForIdentity')(answer.request()) &&
      (!forUser || (answer.request().postData() ?? '').includes('"Logins"')) &&
      answer.status() === 200,
  );
  return (await response.json()) as {
    IdentityId: string;
    Credentials: { SecretKey: string; SessionToken: string; Expiration: number };
  };
}

const storedIdentityId = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('snxt-IDENTITY') ?? 'null')?.identityId as string | undefined);

/** Counts the toasts with `text` that appear in each document (an init script; read with noticesShown). */
async function countNotices(page: Page, text: string) {
  await page.addInitScript((wanted) => {
    const seen = new WeakSet<Element>();
    (window as unknown as { noticesShown: number }).noticesShown = 0;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('li')) {
        if (!seen.has(toast) && toast.textContent?.includes(wanted)) {
          seen.add(toast);
          (window as unknown as { noticesShown: number }).noticesShown += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, text);
}
const noticesShown = (page: Page) => page.evaluate(() => (window as unknown as { noticesShown: number }).noticesShown);

const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Login' });
const userMenuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'User menu' });

async function signIn(page: Page, issuer: string) {
  await loginButton(page).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(userMenuButton(page)).toBeVisible();
}

/** The ID token the app holds (oidc-client-ts's store). */
const idTokenOf = (page: Page, issuer: string) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.id_token as string,
    `oidc.user:${issuer}:${process.env.E2E_OIDC_CLIENT_ID}`,
  );

test.describe('a pool that allows guests (main build)', () => {
  const issuer = () => process.env.E2E_OIDC_ISSUER!;
  const endpoint = () => process.env.E2E_IDENTITY_ENDPOINT!;
  const providerName = () => issuer().replace(/^https?:\/\//, '');

  test('a guest gets an identity and AWS credentials once the page is idle, kept in memory only', async ({
    page,
    consoleErrors,
  }) => {
    const calls = recordIdentityCalls(page, endpoint());
    const credentials = nextCredentials(page, endpoint());
    await page.goto('/');
    const { IdentityId, Credentials } = await credentials;
    expect(calls).toEqual([
      { operation: 'GetId', identityId: undefined, logins: undefined },
      { operation: 'GetCredentialsForIdentity', identityId: IdentityId, logins: undefined },
    ]);
    await expect.poll(() => storedIdentityId(page)).toBe(IdentityId);
    expect(await page.evaluate(() => localStorage.getItem('snxt-IDENTITY'))).toBe(
      JSON.stringify({ identityId: IdentityId }),
    );
    const everythingStored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(everythingStored).not.toContain(Credentials.SecretKey);
    expect(everythingStored).not.toContain(Credentials.SessionToken);

    // The next visit keeps its identity.
    const again = nextCredentials(page, endpoint());
    await page.reload();
    expect((await again).IdentityId).toBe(IdentityId);
    expect(calls.slice(2)).toEqual([{ operation: 'GetCredentialsForIdentity', identityId: IdentityId }]);
    expect(consoleErrors).toEqual([]);
  });

  test('sign-in links the guest identity to the user, whose credentials follow; sign-out forgets it', async ({
    page,
    request,
  }) => {
    const calls = recordIdentityCalls(page, endpoint());
    const guest = nextCredentials(page, endpoint());
    await page.goto('/');
    const guestId = (await guest).IdentityId;

    const users = nextCredentials(page, endpoint(), true);
    await signIn(page, issuer());
    const userId = (await users).IdentityId;
    const idToken = await idTokenOf(page, issuer());
    // The guest's identity went with the user's ID token, without a GetId: that is what links it.
    expect(calls.filter((call) => call.logins)).toEqual([
      { operation: 'GetCredentialsForIdentity', identityId: guestId, logins: { [providerName()]: idToken } },
    ]);
    await expect.poll(() => storedIdentityId(page)).toBe(userId);
    // The provider's linking rules: the guest identity became the user's, or (the user has one
    // from an earlier test) merged into it and is gone.
    const ask = (operation: string, input: object) =>
      request.post(endpoint(), {
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityService.${operation}`,
        },
        data: JSON.stringify(input),
      });
    const logins = { [providerName()]: idToken };
    const usersIdentity = await (
      await ask('GetId', { IdentityPoolId: process.env.E2E_IDENTITY_POOL_ID, Logins: logins })
    ).json();
    expect(usersIdentity.IdentityId).toBe(userId);
    if (userId !== guestId) {
      expect((await (await ask('GetCredentialsForIdentity', { IdentityId: guestId })).json()).__type).toBe(
        'ResourceNotFoundException',
      );
    }

    // Sign-out: the user's identity is forgotten; a new guest identity starts with GetId, without Logins.
    const before = calls.length;
    // The provider's sign-out replaces the app, then sends the visitor back: the checks wait for the return.
    const home = new URL('/', page.url()).href;
    let leftForProvider = false;
    page.on('request', (sent) => (leftForProvider ||= /\/session\/end\?/.test(sent.url())));
    const back = page.waitForResponse(
      (response) =>
        leftForProvider && response.request().isNavigationRequest() && response.url().replace(/[?#].*/, '') === home,
    );
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await back;
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(loginButton(page)).toBeVisible();
    await expect
      .poll(() => calls.slice(before).some((call) => call.operation === 'GetCredentialsForIdentity'))
      .toBe(true);
    expect(calls[before]).toEqual({ operation: 'GetId', identityId: undefined, logins: undefined });
    expect(calls.slice(before).every((call) => !call.logins)).toBe(true);
    await expect.poll(() => storedIdentityId(page)).toBeTruthy();
    expect(await storedIdentityId(page)).not.toBe(userId);
  });

  test("a session found ended at start-up forgets the user's identity: the guest after them gets one of its own", async ({
    page,
  }) => {
    await page.goto('/');
    const users = nextCredentials(page, endpoint(), true);
    await signIn(page, issuer());
    const userId = (await users).IdentityId;
    await expect.poll(() => storedIdentityId(page)).toBe(userId);

    // The session ends while the app is closed (its tokens are gone); the identity code loads only
    // once the start-up check has found that out.
    await page.evaluate(
      (key) => localStorage.removeItem(key),
      `oidc.user:${issuer()}:${process.env.E2E_OIDC_CLIENT_ID}`,
    );
    let release = () => {};
    const checked = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/identity-model-[\w-]+\.js$/, async (route) => {
      await checked;
      await route.continue();
    });
    const calls = recordIdentityCalls(page, endpoint());
    await page.reload();
    await expect(loginButton(page)).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('snxt-AUTH')))!).isAuthenticated).toBe(false);
    release();

    await expect.poll(() => calls.some((call) => call.operation === 'GetCredentialsForIdentity')).toBe(true);
    expect(calls[0]).toEqual({ operation: 'GetId', identityId: undefined, logins: undefined });
    expect(calls.map((call) => call.identityId)).not.toContain(userId);
    await expect.poll(() => storedIdentityId(page)).toBeTruthy();
    expect(await storedIdentityId(page)).not.toBe(userId);
  });

  test("the profile page shows the user's identity ID and when its credentials expire", async ({ page }) => {
    await page.goto('/');
    // The user's answer: a guest's, asked for when the first page went idle, may still be on its way.
    const users = nextCredentials(page, endpoint(), true);
    await signIn(page, issuer());
    const { IdentityId, Credentials } = await users;
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const details = page.getByRole('main').locator('dl');
    await expect(details).toContainText(`Identity ID${IdentityId}`);
    await expect(details).toContainText('AWS credentials expire');
    const expiry = Date.parse((await details.locator('time').last().getAttribute('datetime'))!);
    // Cognito's Expiration is in seconds; the app corrects it for clock skew by at most a few minutes.
    expect(Math.abs(expiry - Credentials.Expiration * 1000)).toBeLessThan(6 * 60_000);
  });

  test('the identity service down: one warning notice, and sign-in still works', async ({ page }) => {
    await countNotices(page, UNAVAILABLE);
    const refused: IdentityCall[] = [];
    await page.route(endpoint(), (route) => {
      refused.push({ operation: 'GetId', logins: JSON.parse(route.request().postData() ?? '{}').Logins });
      return route.abort('connectionrefused');
    });
    await page.goto('/');
    await expect(page.getByText(UNAVAILABLE)).toBeVisible();
    expect(await noticesShown(page)).toBe(1);

    await signIn(page, issuer());
    await expect(userMenuButton(page)).toContainText('Demo User');
    // Back from the provider: a new page, which tries as a guest or as the user and says so once.
    await expect(page.getByText(UNAVAILABLE)).toBeVisible();
    // It tried for the user too (with Logins), and said so no more than once.
    await expect.poll(() => refused.some((call) => call.logins)).toBe(true);
    await nothingHappensFor(page, 1_500, 'no second notice for the refusals');
    expect(await noticesShown(page)).toBe(1);
    await expect(userMenuButton(page)).toBeVisible();
  });
});

test.describe('a pool that refuses guests, with short-lived credentials (identity build)', () => {
  const issuer = () => process.env.E2E_STRICT_ISSUER!;
  const endpoint = () => process.env.E2E_STRICT_IDENTITY_ENDPOINT!;
  const ttl = () => Number(process.env.E2E_STRICT_CREDENTIALS_TTL);

  test('a guest is refused quietly: no notice, no identity', async ({ page, consoleErrors }) => {
    await countNotices(page, UNAVAILABLE);
    const refused = page.waitForResponse((answer) => isCall(endpoint(), 'GetId')(answer.request()));
    await page.goto(`${appUrl('identity')}/`);
    const answer = await refused;
    expect(answer.status()).toBe(400);
    expect((await answer.json()).__type).toBe('NotAuthorizedException');
    await nothingHappensFor(page, 1_500, 'no notice and no identity follow the refusal');
    expect(await noticesShown(page)).toBe(0);
    expect(await storedIdentityId(page)).toBeUndefined();
    await expect(loginButton(page)).toBeVisible();
    // Chromium logs every 4xx answer itself; the app adds nothing.
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  test('a signed-in user gets credentials, refreshed at a sane pace when they last seconds', async ({ page }) => {
    test.setTimeout(60_000);
    const calls = recordIdentityCalls(page, endpoint());
    await page.goto(`${appUrl('identity')}/`);
    const first = nextCredentials(page, endpoint());
    await signIn(page, issuer());
    const { IdentityId } = await first;
    await expect.poll(() => storedIdentityId(page)).toBe(IdentityId);

    const refreshes = () => calls.filter((call) => call.operation === 'GetCredentialsForIdentity').length;
    const start = refreshes();
    const seconds = 2 * ttl();
    await nothingHappensFor(page, seconds * 1000, 'two lifetimes of the credentials: a refresh each, not a loop');
    // Credentials lasting a few seconds are refreshed every few seconds (never sooner than 5 s
    // after they arrive), not in a loop.
    const made = refreshes() - start;
    expect(made).toBeGreaterThanOrEqual(2);
    expect(made).toBeLessThanOrEqual(Math.ceil(seconds / 5) + 1);
    expect(calls.filter((call) => call.operation === 'GetCredentialsForIdentity').every((call) => call.logins)).toBe(
      true,
    );
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  });
});
