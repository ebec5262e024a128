import type { APIRequestContext, Page } from '@playwright/test';
import { appReady, appUrl, type AppVariant, expect, nothingHappensFor, seedSettings, test } from './fixtures';

// Sign-in against the production build and the real local OpenID provider (scripts/local-provider/oidc-provider.mjs).
const DEMO = { email: 'demo@snxt.dev', password: 'snxt-demo', name: 'Demo User' };
const TOKEN_NAMES = ['access_token', 'id_token', 'refresh_token'];

const storedAuth = (page: Page) => page.evaluate(() => localStorage.getItem('snxt-AUTH'));
const oidcUserKey = () => `oidc.user:${process.env.E2E_OIDC_ISSUER}:${process.env.E2E_OIDC_CLIENT_ID}`;

const NOTICES = {
  ignored: 'That sign-in link is not valid or has already been used. Nothing changed.',
  cancelled: 'Sign-in was cancelled.',
  failed: 'Sign-in did not complete. Please try again.',
  signOutIncomplete: 'You are signed out here, but the sign-in service could not be reached to end its session.',
};

const storedOidcUser = (page: Page) => page.evaluate((key) => localStorage.getItem(key), oidcUserKey());
const refreshTokenOf = async (page: Page) => JSON.parse((await storedOidcUser(page))!).refresh_token as string;
const revokeUrl = () => `${process.env.E2E_OIDC_ISSUER}/oauth2/revoke`;

/** The refresh grant at the provider's token endpoint, as the app would make it. */
const refreshAtProvider = (request: APIRequestContext, refreshToken: string) =>
  request.post(`${process.env.E2E_OIDC_ISSUER}/oauth2/token`, {
    form: { grant_type: 'refresh_token', client_id: process.env.E2E_OIDC_CLIENT_ID!, refresh_token: refreshToken },
  });

/** Cognito's discovery document lists no revocation_endpoint: the cognito build must not need it. */
async function discoveryLikeCognito(page: Page) {
  await page.route(`${process.env.E2E_OIDC_ISSUER}/.well-known/openid-configuration`, async (route) => {
    const response = await route.fetch();
    const discovery = await response.json();
    delete discovery.revocation_endpoint;
    await route.fulfill({ response, json: discovery });
  });
}

/** Starts Login and stops at the provider's page; resolves to the `state` of this pending sign-in. */
async function startSignIn(page: Page) {
  const authorize = page.waitForRequest(/\/oauth2\/authorize\?/);
  await loginButton(page).click();
  const state = new URL((await authorize).url()).searchParams.get('state');
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(state).toBeTruthy();
  return state!;
}

const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Login' });
const userMenuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'User menu' });

/** Login in the toolbar, then the provider's own form. */
async function signIn(page: Page) {
  await loginButton(page).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_OIDC_ISSUER}/interaction/`));
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
  test(`sign in, stay signed in on reload, sign out, revoke the refresh token and end the provider session (${variant})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const origin = appUrl(variant);
    if (variant === 'cognito') await discoveryLikeCognito(page);
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

    // Logout revokes the refresh token, then goes through the provider's sign-out: Cognito's
    // /logout, or the standard end-session endpoint.
    const refreshToken = await refreshTokenOf(page);
    expect((await refreshAtProvider(request, refreshToken)).status()).toBe(200);
    const providerRequests: string[] = [];
    page.on(
      'request',
      (sent) => sent.url().startsWith(process.env.E2E_OIDC_ISSUER!) && providerRequests.push(sent.url()),
    );
    const revoked = page.waitForResponse((response) => response.url() === revokeUrl());
    const signOutRequest = page.waitForRequest(
      variant === 'cognito' ? /\/logout\?client_id=[^&]+&logout_uri=/ : /\/session\/end\?/,
    );
    await page.goto(`${origin}/settings`);
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await revoked).status()).toBe(200);
    const signOut = await signOutRequest;
    const revokedAt = providerRequests.indexOf(revokeUrl());
    expect(revokedAt).toBeGreaterThanOrEqual(0);
    expect(revokedAt).toBeLessThan(providerRequests.indexOf(signOut.url()));
    if (variant === 'cognito') {
      expect(new URL(signOut.url()).searchParams.get('logout_uri')).toBe(`${origin}/`);
    } else {
      expect(new URL(signOut.url()).searchParams.get('id_token_hint')).toBeTruthy();
    }
    await expect(page).toHaveURL(`${origin}/`);
    await expect(loginButton(page)).toBeVisible();
    expect(JSON.parse((await storedAuth(page))!)).toEqual({ user: null, isAuthenticated: false });
    expect(await page.evaluate((key) => localStorage.getItem(key), oidcUserKey())).toBeNull();
    await expect(page.getByText(NOTICES.signOutIncomplete)).toHaveCount(0);

    // The captured refresh token is dead at the provider.
    const refused = await refreshAtProvider(request, refreshToken);
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toBe('invalid_grant');

    // The provider session ended: Login asks for the password again.
    await loginButton(page).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test(`a failed revocation still signs out here and at the provider, and says so on the way back (${variant})`, async ({
    page,
    request,
  }) => {
    const origin = appUrl(variant);
    await page.route(revokeUrl(), (route) =>
      variant === 'cognito'
        ? route.abort('connectionrefused')
        : route.fulfill({
            status: 500,
            headers: { 'Access-Control-Allow-Origin': origin },
            json: { error: 'server_error' },
          }),
    );
    await page.goto(origin);
    await signIn(page);
    const refreshToken = await refreshTokenOf(page);
    const signOutRequest = page.waitForRequest(
      variant === 'cognito' ? /\/logout\?client_id=[^&]+&logout_uri=/ : /\/session\/end\?/,
    );
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await signOutRequest;
    await expect(page).toHaveURL(`${origin}/`);
    await expect(loginButton(page)).toBeVisible();
    await expect(page.getByText(NOTICES.signOutIncomplete)).toBeVisible();
    await expect(page.getByText(NOTICES.signOutIncomplete)).toHaveCount(1);
    expect(JSON.parse((await storedAuth(page))!)).toEqual({ user: null, isAuthenticated: false });
    expect(await storedOidcUser(page)).toBeNull();
    // What the notice says is true: the token was not revoked.
    expect((await refreshAtProvider(request, refreshToken)).status()).toBe(200);
    // Shown once: a reload does not bring it back.
    await page.reload();
    await expect(loginButton(page)).toBeVisible();
    await expect(page.getByText(NOTICES.signOutIncomplete)).toHaveCount(0);
  });
}

// The hosted page in the language on screen: what the provider is asked for, per build.
const HOSTED_PAGE_LANGUAGES = [
  { language: 'de', login: 'Anmelden', uiLocales: 'de', cognitoLang: 'de' },
  { language: 'pt-br', login: 'Entrar', uiLocales: 'pt-BR', cognitoLang: 'pt-BR' },
  // Cognito managed login has no Hebrew: no lang, it picks its own.
  { language: 'he', login: 'כניסה', uiLocales: 'he', cognitoLang: null },
];

for (const variant of ['main', 'cognito'] as AppVariant[]) {
  for (const { language, login, uiLocales, cognitoLang } of HOSTED_PAGE_LANGUAGES) {
    const lang = variant === 'cognito' ? cognitoLang : null;
    test(`Login in ${language} asks the provider for ui_locales=${uiLocales} and ${lang ? `lang=${lang}` : 'no lang'} (${variant})`, async ({
      page,
    }) => {
      await seedSettings(page, { language });
      const authorize = page.waitForRequest(/\/oauth2\/authorize\?/);
      await page.goto(appUrl(variant));
      await page.getByRole('banner').getByRole('button', { name: login }).click();
      const params = new URL((await authorize).url()).searchParams;
      expect(params.getAll('ui_locales')).toEqual([uiLocales]);
      expect(params.getAll('lang')).toEqual(lang ? [lang] : []);
      await expect(page.getByLabel('Email')).toBeVisible();
    });
  }
}

test('the sign-in a page for signed-in users starts by itself asks for the language on screen too', async ({
  page,
}) => {
  await seedSettings(page, { language: 'pt-br' });
  const authorize = page.waitForRequest(/\/oauth2\/authorize\?/);
  await page.goto(`${appUrl('cognito')}/profile`);
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get('ui_locales')).toBe('pt-BR');
  expect(params.get('lang')).toBe('pt-BR');
});

test('after sign-in the app returns to the page where Login was pressed', async ({ page }) => {
  await page.goto('/settings');
  await signIn(page);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('Login pressed while the address still carries a sign-in answer comes back without it', async ({ page }) => {
  await page.goto('/settings?tab=1&code=stale-c0de&state=old-st4te&session_state=s1&iss=https%3A%2F%2Fidp.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await signIn(page);
  await expect(page).toHaveURL(/\/settings\?tab=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('a forged callback leaves the user signed out with a clean URL', async ({ page }) => {
  await seedSignedIn(page);
  await page.goto('/?code=x&state=y');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(loginButton(page)).toBeVisible();
  expect(JSON.parse((await storedAuth(page))!)).toEqual({ user: null, isAuthenticated: false });
});

for (const forged of ['/?error=access_denied&state=unknown', '/?code=x&state=unknown', '/?error=access_denied']) {
  test(`a forged sign-in link (${forged}) leaves a signed-in user signed in`, async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    const tokens = await storedOidcUser(page);
    const auth = await storedAuth(page);
    await page.goto(forged);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByText(NOTICES.ignored)).toBeVisible();
    await expect(page.getByText(NOTICES.ignored)).toHaveCount(1);
    await expect(userMenuButton(page)).toContainText(DEMO.name);
    await page.waitForLoadState('networkidle');
    await expect(userMenuButton(page)).toBeVisible();
    expect(await storedAuth(page)).toBe(auth);
    expect(JSON.parse(auth!).isAuthenticated).toBe(true);
    expect(await storedOidcUser(page)).toBe(tokens);
  });
}

test('a forged sign-in link leaves a signed-out visitor signed out, without loading the sign-in code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/?error=access_denied&error_description=cancelled&state=abc');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText(NOTICES.ignored)).toBeVisible();
  await expect(loginButton(page)).toBeVisible();
  await expect(userMenuButton(page)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /\/session-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(JSON.parse((await storedAuth(page)) ?? '{"isAuthenticated":false}').isAuthenticated).toBe(false);
});

/** Signs in from `/`, and returns the sign-in answer's URL (code and state) as the provider sent it. */
async function signInKeepingAnswer(page: Page): Promise<string> {
  await page.goto('/');
  let callback = '';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && /[?&]code=/.test(frame.url())) callback = frame.url();
  });
  await signIn(page);
  expect(callback).toMatch(/[?&]state=/);
  return callback;
}

test('a replayed callback changes nothing: a signed-in user stays signed in', async ({ page }) => {
  const callback = await signInKeepingAnswer(page);
  const tokens = await storedOidcUser(page);
  await page.goto(callback);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText(NOTICES.ignored)).toBeVisible();
  await expect(userMenuButton(page)).toContainText(DEMO.name);
  await page.waitForLoadState('networkidle');
  expect(JSON.parse((await storedAuth(page))!).isAuthenticated).toBe(true);
  expect(await storedOidcUser(page)).toBe(tokens);
});

test('a replayed callback does not sign in again', async ({ page }) => {
  const callback = await signInKeepingAnswer(page);
  // Replayed once the sign-out round trip is over: going there earlier races the app's own navigation.
  const signedOut = page.waitForRequest(/\/session\/end\?/);
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await signedOut;
  await expect(page).toHaveURL(`${appUrl('main')}/`);
  await expect(loginButton(page)).toBeVisible();
  await page.goto(callback);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText(NOTICES.ignored)).toBeVisible();
  await expect(loginButton(page)).toBeVisible();
  expect(JSON.parse((await storedAuth(page))!).isAuthenticated).toBe(false);
});

test('a sign-in cancelled at the provider (access_denied for the pending state) says so', async ({ page }) => {
  await page.goto('/settings');
  const state = await startSignIn(page);
  // What the provider sends back when the user cancels on its page.
  const answer = new URL('/', appUrl('main'));
  answer.search = new URLSearchParams({
    error: 'access_denied',
    error_description: 'End-User aborted interaction',
    state,
    iss: process.env.E2E_OIDC_ISSUER!,
  }).toString();
  await page.goto(answer.href);
  await expect(page.getByText(NOTICES.cancelled)).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(loginButton(page)).toBeVisible();
  await expect(page.getByText(NOTICES.ignored)).toHaveCount(0);
  // The answer used up its sign-in: the same link again is only a stale link.
  await page.goto(answer.href);
  await expect(page.getByText(NOTICES.ignored)).toBeVisible();
});

test('a rejected answer to a sign-in started here explains itself in a notice', async ({ page }) => {
  await page.goto('/');
  const state = await startSignIn(page);
  await page.goto(`/?code=not-a-real-code&state=${encodeURIComponent(state)}`);
  await expect(page.getByText(NOTICES.failed)).toBeVisible();
  await expect(page.getByText(NOTICES.failed)).toHaveCount(1);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(loginButton(page)).toBeVisible();
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

test('Logout removes the stored tokens at once, even when the sign-in code cannot load; they never come back', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page);
  const refreshToken = await refreshTokenOf(page);
  // From the next start on, the sign-in code cannot be fetched (the network dropped, a deploy removed it).
  const sessionChunk = /\/assets\/session-[\w-]+\.js$/;
  await page.route(sessionChunk, (route) => route.abort('failed'));
  await page.reload();
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(loginButton(page)).toBeVisible();
  await expect(page.getByText(NOTICES.signOutIncomplete)).toBeVisible();
  expect(await storedOidcUser(page)).toBeNull();

  await page.unroute(sessionChunk);
  await page.reload();
  await expect(loginButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const everything = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(everything).not.toContain(refreshToken);
  await expect(loginButton(page)).toBeVisible();
});

test('a start that finds tokens stored while signed out removes them and revokes their refresh token', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await signIn(page);
  const refreshToken = await refreshTokenOf(page);
  // What a sign-out that could not finish left behind: signed out, the tokens still stored.
  await page.evaluate(() => localStorage.setItem('snxt-AUTH', JSON.stringify({ user: null, isAuthenticated: false })));
  const revoked = page.waitForResponse((response) => response.url() === revokeUrl());
  await page.reload();
  // Login is on the prerendered page from the first paint; the clean-up comes when the app runs.
  await appReady(page);
  await expect.poll(() => storedOidcUser(page)).toBeNull();
  await expect(loginButton(page)).toBeVisible();
  expect((await revoked).status()).toBe(200);
  const refused = await refreshAtProvider(request, refreshToken);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe('invalid_grant');
  // No round trip to the provider's sign-out: the visitor stays where they were.
  await expect(page).toHaveURL(`${appUrl('main')}/`);
});

test('a renewal answered after a Logout in another tab does not bring the tokens back', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/');
  await signIn(page);
  const refreshToken = await refreshTokenOf(page);
  // The access token has expired: the next tab to start renews it.
  await page.evaluate((key) => {
    const user = JSON.parse(localStorage.getItem(key)!);
    localStorage.setItem(key, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) - 10 }));
  }, oidcUserKey());

  // The other tab's refresh reaches the provider at once; its answer arrives after the Logout.
  const other = await context.newPage();
  const tokenUrl = `${process.env.E2E_OIDC_ISSUER}/oauth2/token`;
  let answer = () => {};
  const loggedOut = new Promise<void>((resolve) => (answer = resolve));
  let renewing = () => {};
  const asked = new Promise<void>((resolve) => (renewing = resolve));
  await other.route(tokenUrl, async (route) => {
    const response = await route.fetch();
    renewing();
    await loggedOut;
    await route.fulfill({ response });
  });
  // This tab's revocation waits until the other tab's storage has been looked at.
  let looked = () => {};
  const storageLookedAt = new Promise<void>((resolve) => (looked = resolve));
  let revoking = () => {};
  const revocationSent = new Promise<void>((resolve) => (revoking = resolve));
  await page.route(revokeUrl(), async (route) => {
    revoking();
    await storageLookedAt;
    await route.continue();
  });
  const renewalAnswered = other.waitForResponse(tokenUrl);
  await other.goto('/');
  await asked;

  const signedOut = page.waitForRequest(/\/session\/end\?/);
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(loginButton(page)).toBeVisible();
  answer();
  expect((await renewalAnswered).status()).toBe(200);
  await revocationSent;
  await nothingHappensFor(other, 500, "the renewal's late answer does not store the user again");
  expect(await storedOidcUser(other)).toBeNull();
  looked();

  await signedOut;
  await expect(page).toHaveURL(`${appUrl('main')}/`);
  await expect(loginButton(other)).toBeVisible();
  expect(await storedOidcUser(other)).toBeNull();
  const refused = await refreshAtProvider(request, refreshToken);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe('invalid_grant');
});

test.describe('sign-in with the browser storage full', () => {
  /** On the app's pages, every write to these storage areas throws QuotaExceededError, as full storage does. */
  const fill = (page: Page, areas: ('localStorage' | 'sessionStorage')[]) =>
    page.addInitScript(
      ([origin, names]) => {
        if (location.origin !== origin) return;
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
          if (names.some((name) => window[name] === this)) {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          }
          setItem.call(this, key, value);
        };
      },
      [new URL(appUrl('main')).origin, areas] as const,
    );

  test('with localStorage full, sign-in works on the first try', async ({ page, consoleErrors }) => {
    await fill(page, ['localStorage']);
    await page.goto('/settings');
    await appReady(page);
    await signIn(page);
    await expect(page).toHaveURL(`${appUrl('main')}/settings`);
    await expect(page.getByText(NOTICES.ignored)).toHaveCount(0);
    await expect(page.getByText(NOTICES.failed)).toHaveCount(0);
    await expect(userMenuButton(page)).toContainText(DEMO.name);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('with no storage that works, Login says sign-in needs it and stays', async ({ page }) => {
    await fill(page, ['localStorage', 'sessionStorage']);
    const authorize: string[] = [];
    page.on('request', (request) => /\/oauth2\/authorize/.test(request.url()) && authorize.push(request.url()));
    await page.goto('/settings');
    await appReady(page);
    await loginButton(page).click();
    await expect(page.getByText('Sign-in needs this browser to store data for this site.')).toBeVisible();
    await expect(page).toHaveURL(`${appUrl('main')}/settings`);
    await expect(loginButton(page)).toBeEnabled();
    expect(authorize).toEqual([]);
  });
});

test('a signed-out visit does not load the sign-in code until Login is pressed', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/');
  await expect(loginButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /\/(session|user-menu)-[\w-]+\.js$/.test(url))).toEqual([]);
  await loginButton(page).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(scripts.some((url) => /\/session-[\w-]+\.js$/.test(url))).toBe(true);
});

test('the user menu works from the keyboard', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  // Until the menu's code has loaded, a disabled placeholder holds its place.
  await expect(userMenuButton(page)).toBeEnabled();
  await userMenuButton(page).focus();
  await page.keyboard.press('Enter');
  // Profile comes first, Logout below it.
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
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
