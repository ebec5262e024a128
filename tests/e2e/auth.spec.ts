import type { Page } from '@playwright/test';
import { appUrl, expect, test, type AppVariant } from './fixtures';

// Sign-in against the production build and the real local OpenID provider (tests/support/oidc-provider.mjs).
const DEMO = { email: 'demo@snxt.dev', password: 'snxt-demo', name: 'Demo User' };
const TOKEN_NAMES = ['access_token', 'id_token', 'refresh_token'];

const storedAuth = (page: Page) => page.evaluate(() => localStorage.getItem('snxt-AUTH'));
const oidcUserKey = () => `oidc.user:${process.env.E2E_OIDC_ISSUER}:${process.env.E2E_OIDC_CLIENT_ID}`;

const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Login' });
const userMenuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'User menu' });

/** Login in the toolbar, then the provider's own form. */
async function signIn(page: Page) {
  await loginButton(page).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_OIDC_ISSUER}/interaction/`));
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(userMenuButton(page)).toBeVisible();
}

/** Puts a signed-in snxt-AUTH into storage before the app starts (once per test). */
async function seedSignedIn(page: Page) {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem(
      'snxt-AUTH',
      JSON.stringify({ isAuthenticated: true, user: { sub: 'someone', email: 'someone@snxt.dev' } }),
    );
  });
}

for (const variant of ['main', 'cognito'] as AppVariant[]) {
  test(`sign in, stay signed in on reload, sign out and end the provider session (${variant})`, async ({
    page,
    consoleErrors,
  }) => {
    const origin = appUrl(variant);
    await page.goto(origin);
    await signIn(page);

    // Back home with the code and state gone from the address bar; the user menu shows who it is.
    await expect(page).toHaveURL(`${origin}/`);
    await expect(userMenuButton(page)).toContainText(DEMO.name);
    const stored = await storedAuth(page);
    expect(JSON.parse(stored!)).toMatchObject({
      isAuthenticated: true,
      user: { email: DEMO.email, name: DEMO.name, sub: expect.any(String) },
    });
    for (const name of TOKEN_NAMES) expect(stored).not.toContain(name);

    await page.reload();
    await expect(userMenuButton(page)).toBeVisible();
    // The stored session was checked against the tokens and stands.
    await page.waitForLoadState('networkidle');
    await expect(userMenuButton(page)).toBeVisible();
    expect(JSON.parse((await storedAuth(page))!).isAuthenticated).toBe(true);

    // Logout goes through the provider's sign-out: Cognito's /logout, or the standard end-session endpoint.
    const signOutRequest = page.waitForRequest(
      variant === 'cognito' ? /\/logout\?client_id=[^&]+&logout_uri=/ : /\/session\/end\?/,
    );
    await page.goto(`${origin}/settings`);
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const request = await signOutRequest;
    if (variant === 'cognito') {
      expect(new URL(request.url()).searchParams.get('logout_uri')).toBe(`${origin}/`);
    } else {
      expect(new URL(request.url()).searchParams.get('id_token_hint')).toBeTruthy();
    }
    await expect(page).toHaveURL(`${origin}/`);
    await expect(loginButton(page)).toBeVisible();
    expect(JSON.parse((await storedAuth(page))!)).toEqual({ user: null, isAuthenticated: false });
    expect(await page.evaluate((key) => localStorage.getItem(key), oidcUserKey())).toBeNull();

    // The provider session ended: Login asks for the password again.
    await loginButton(page).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}

test('after sign-in the app returns to the page where Login was pressed', async ({ page }) => {
  await page.goto('/settings');
  await signIn(page);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('a forged callback leaves the user signed out with a clean URL', async ({ page }) => {
  await seedSignedIn(page);
  await page.goto('/?code=x&state=y');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(loginButton(page)).toBeVisible();
  expect(JSON.parse((await storedAuth(page))!)).toEqual({ user: null, isAuthenticated: false });
});

test('a refused sign-in (?error=access_denied) leaves the user signed out with a clean URL', async ({ page }) => {
  await page.goto('/?error=access_denied&error_description=cancelled&state=abc');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(loginButton(page)).toBeVisible();
  await expect(userMenuButton(page)).toHaveCount(0);
});

test('a replayed callback does not sign in again', async ({ page }) => {
  await page.goto('/');
  let callback = '';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && /[?&]code=/.test(frame.url())) callback = frame.url();
  });
  await signIn(page);
  expect(callback).toMatch(/[?&]state=/);
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(loginButton(page)).toBeVisible();
  await page.goto(callback);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(loginButton(page)).toBeVisible();
  expect(JSON.parse((await storedAuth(page))!).isAuthenticated).toBe(false);
});

test('a rejected callback explains itself in a notice', async ({ page }) => {
  await page.goto('/?code=x&state=y');
  await expect(page.getByText('Sign-in did not complete. Please try again.')).toBeVisible();
  await expect(page.getByText('Sign-in did not complete.')).toHaveCount(1);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a stored "signed in" without a session is signed out at start-up', async ({ page }) => {
  await seedSignedIn(page);
  await page.goto('/');
  await expect(loginButton(page)).toBeVisible();
  await expect.poll(async () => JSON.parse((await storedAuth(page))!).isAuthenticated).toBe(false);
});

test('an expired access token is renewed with the refresh token at start-up', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  const key = oidcUserKey();
  const before = await page.evaluate((key) => {
    const user = JSON.parse(localStorage.getItem(key)!);
    const accessToken = user.access_token as string;
    localStorage.setItem(key, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) - 10 }));
    return accessToken;
  }, key);
  await page.reload();
  await expect
    .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').access_token, key))
    .not.toBe(before);
  await expect(userMenuButton(page)).toBeVisible();
  const renewed = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), key);
  expect(renewed.expires_at).toBeGreaterThan(Date.now() / 1000);
});

test('a failed renewal signs out cleanly', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  const key = oidcUserKey();
  await page.evaluate((key) => {
    const user = JSON.parse(localStorage.getItem(key)!);
    const expired = { ...user, refresh_token: 'revoked', expires_at: Math.floor(Date.now() / 1000) - 10 };
    localStorage.setItem(key, JSON.stringify(expired));
  }, key);
  await page.reload();
  await expect(loginButton(page)).toBeVisible();
  expect(JSON.parse((await storedAuth(page))!)).toEqual({ user: null, isAuthenticated: false });
  expect(await page.evaluate((key) => localStorage.getItem(key), key)).toBeNull();
});

test('a signed-out visit does not load the sign-in code until Login is pressed', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/');
  await expect(loginButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /auth-session|user-menu/.test(url))).toEqual([]);
  await loginButton(page).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(scripts.some((url) => /auth-session-[\w-]+\.js$/.test(url))).toBe(true);
});

test('the user menu works from the keyboard', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  // Until the menu's code has loaded, a disabled placeholder holds its place.
  await expect(userMenuButton(page)).toBeEnabled();
  await userMenuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await expect(page.getByRole('menu')).toContainText(DEMO.email);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(userMenuButton(page)).toBeFocused();
});

test('without an OIDC authority there is no Login button', async ({ page }) => {
  await page.goto(appUrl('bare'));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
});
