import type { BrowserContext, Page } from '@playwright/test';
import { appReady, appUrl, expect, nothingHappensFor, test } from './fixtures';

// Pages for signed-in users (`requiresAuth`, here /profile) and mandatory sign-in (the `required`
// build), against the production builds and the real local OpenID provider.
const DEMO = { email: 'demo@snxt.dev', password: 'snxt-demo', name: 'Demo User' };
// The local provider's account in no group.
const OUTSIDER = { email: 'outsider@snxt.dev', password: 'snxt-outsider', name: 'Outside User' };
const AUTHORIZE = /\/oauth2\/authorize\?/;

const issuer = () => process.env.E2E_OIDC_ISSUER!;
const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Login' });
const userMenuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'User menu' });
const profileHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Profile' });

/** The provider's form, then back in the app. */
async function signInAtProvider(page: Page, account = DEMO) {
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signIn(page: Page, account = DEMO) {
  await loginButton(page).click();
  await signInAtProvider(page, account);
  await expect(userMenuButton(page)).toBeVisible();
}

/**
 * What the app's document held when the browser left it (for the provider's sign-in page): kept
 * in the tab's sessionStorage at `pagehide`, read back once the tab is on the app's origin again.
 */
async function documentWhenLeaving(page: Page) {
  await page.addInitScript(() => {
    addEventListener('pagehide', () => {
      const left = JSON.parse(sessionStorage.getItem('e2e-left') ?? '[]') as unknown[];
      left.push({ path: location.pathname, text: document.body.innerText, html: document.body.innerHTML });
      sessionStorage.setItem('e2e-left', JSON.stringify(left));
    });
  });
  return async () =>
    JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-left'))) ?? '[]') as {
      path: string;
      text: string;
      html: string;
    }[];
}

/**
 * Records, from each document's first script on, which of `texts` it ever showed (even for a
 * moment): one list per document of the app this tab loaded, in order, kept in sessionStorage.
 */
async function watchForText(page: Page, texts: string[]) {
  await page.addInitScript((watched) => {
    const documents = JSON.parse(sessionStorage.getItem('e2e-seen') ?? '[]') as string[][];
    const seen: string[] = [];
    const index = documents.push(seen) - 1;
    const save = () => {
      const all = JSON.parse(sessionStorage.getItem('e2e-seen') ?? '[]') as string[][];
      all[index] = seen;
      sessionStorage.setItem('e2e-seen', JSON.stringify(all));
    };
    save();
    new MutationObserver(() => {
      const text = document.body?.innerText ?? '';
      const found = watched.filter((item) => text.includes(item) && !seen.includes(item));
      if (found.length === 0) return;
      seen.push(...found);
      save();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, texts);
  return async () => JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-seen'))) ?? '[]') as string[][];
}

test('a page open to everyone never shows the sign-in gate, and its frame is drawn once', async ({ page }) => {
  const seen = await watchForText(page, ['Signing you in…', 'Sign in to continue']);
  // Every toolbar (<header>) element the page ever had: the parser's and any React draws.
  await page.addInitScript(() => {
    const headers = new Set<Element>();
    (window as unknown as { frames_: () => number }).frames_ = () => headers.size;
    new MutationObserver(() => document.querySelectorAll('header').forEach((header) => headers.add(header))).observe(
      document,
      { subtree: true, childList: true },
    );
  });
  // A slow page chunk: the frame must not be drawn first as the gate's and then again.
  await page.route(/\/assets\/settings-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  for (const path of ['/', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { frames_: () => number }).frames_()), path).toBe(1);
  }
  expect(await seen()).toEqual([[], []]);
});

test.describe('a page for signed-in users (/profile)', () => {
  test('a signed-out visitor goes to the sign-in page, and comes back to it after signing in; its content never shows before', async ({
    page,
    consoleErrors,
  }) => {
    const left = await documentWhenLeaving(page);
    const seen = await watchForText(page, [DEMO.email, 'Signed in']);
    await page.goto('/profile');
    await expect(page.getByLabel('Email')).toBeVisible();
    await signInAtProvider(page);
    await expect(page).toHaveURL(`${appUrl()}/profile`);
    await expect(profileHeading(page)).toBeVisible();
    await expect(page.getByRole('main')).toContainText(DEMO.email);
    // The document that left for the provider held nothing of the page (the redirect may come before
    // or after the frame is drawn).
    const [leaving] = await left();
    expect(leaving!.path).toBe('/profile');
    expect(leaving!.html).not.toMatch(/<h1[^>]*>Profile<\/h1>|<dl/);
    expect(leaving!.text).not.toContain(DEMO.email);
    // The document opened signed out never showed it, not even for a moment; the one after sign-in did.
    expect(await seen()).toEqual([[], [DEMO.email, 'Signed in']]);
    expect(consoleErrors).toEqual([]);
  });

  test('a stale "signed in" (snxt-AUTH says so, the tokens are gone) shows nothing of the page and goes to sign in', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem(
        'snxt-AUTH',
        JSON.stringify({ isAuthenticated: true, user: { sub: 'someone', email: 'stale@snxt.dev', name: 'Stale' } }),
      );
    });
    const left = await documentWhenLeaving(page);
    const seen = await watchForText(page, ['stale@snxt.dev']);
    await page.goto('/profile');
    await expect(page.getByLabel('Email')).toBeVisible();
    await signInAtProvider(page);
    await expect(profileHeading(page)).toBeVisible();
    const [leaving] = await left();
    expect(leaving!.path).toBe('/profile');
    expect(leaving!.html).not.toMatch(/<h1[^>]*>Profile<\/h1>|<dl/);
    expect(leaving!.text).not.toContain('stale@snxt.dev');
    expect((await seen())[0]).toEqual([]);
  });

  test('without sign-in configured it redirects home, replacing the history entry', async ({ page }) => {
    await page.goto(`${appUrl('bare')}/settings`);
    await page.goto(`${appUrl('bare')}/profile`);
    await expect(page).toHaveURL(`${appUrl('bare')}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
    await expect(profileHeading(page)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(`${appUrl('bare')}/settings`);
  });

  test('shows the name, the email, whether it is verified and when the user signed in', async ({ page }) => {
    await page.goto('/');
    const before = Date.now();
    await signIn(page);
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(`${appUrl()}/profile`);
    await expect(profileHeading(page)).toBeVisible();
    await expect(page).toHaveTitle('Profile - Starter Next');
    const details = page.getByRole('main').locator('dl');
    await expect(details).toContainText(`Name${DEMO.name}`);
    await expect(details).toContainText(`Email${DEMO.email}Verified`);
    // The demo account's user-pool groups, from the ID token's cognito:groups.
    await expect(details).toContainText('Groupssnxt-demo-users, snxt-editors');
    const time = details.locator('time').first();
    await expect(time).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M$/);
    const at = Date.parse((await time.getAttribute('datetime'))!);
    expect(at).toBeGreaterThan(before - 60_000);
    expect(at).toBeLessThanOrEqual(Date.now());
    // The time comes from the ID token kept with the tokens: never a token, nor it, in snxt- keys.
    const stored = await page.evaluate(() => localStorage.getItem('snxt-AUTH'));
    expect(stored).not.toMatch(/auth_time|access_token|id_token|refresh_token/);
  });

  test('the signed-in time follows the language', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    await page.goto('/profile');
    // Not a prerendered page: the app renders it afresh, and a choice made before that is not kept.
    await appReady(page);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await expect(page.getByRole('main').locator('time').first()).toHaveText(
      /^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4} um \d{2}:\d{2}$/,
    );
  });

  test('Logout on it ends at home', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    await page.goto('/profile');
    await expect(profileHeading(page)).toBeVisible();
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${appUrl()}/`);
    await expect(loginButton(page)).toBeVisible();
    await expect(profileHeading(page)).toHaveCount(0);
  });

  test('a sign-out in another tab makes this tab leave it', async ({ context }: { context: BrowserContext }) => {
    const first = await context.newPage();
    await first.goto(appUrl());
    await signIn(first);
    const second = await context.newPage();
    await second.goto(`${appUrl()}/profile`);
    await expect(profileHeading(second)).toBeVisible();
    await userMenuButton(first).click();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(second).toHaveURL(`${appUrl()}/`);
    await expect(profileHeading(second)).toHaveCount(0);
    await expect(second.getByRole('main')).not.toContainText(DEMO.email);
    await expect(loginButton(second)).toBeVisible();
  });

  test('the user menu leads to it from the keyboard, and focus lands on its heading', async ({ page }) => {
    await page.goto('/');
    await signIn(page);
    await expect(userMenuButton(page)).toBeEnabled();
    await page.keyboard.press('Escape');
    await page.locator('body').focus();
    for (let presses = 0; presses < 20; presses += 1) {
      await page.keyboard.press('Tab');
      if (await userMenuButton(page).evaluate((element) => element === document.activeElement)) break;
    }
    await expect(userMenuButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    const profile = page.getByRole('menuitem', { name: 'Profile' });
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await expect(profile).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(logout).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(profile).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${appUrl()}/profile`);
    await expect(profileHeading(page)).toBeFocused();
  });
});

test('an account in no group has no Groups row', async ({ page }) => {
  await page.goto('/');
  await signIn(page, OUTSIDER);
  await page.goto('/profile');
  const details = page.getByRole('main').locator('dl');
  await expect(details).toContainText(`Name${OUTSIDER.name}`);
  await expect(details).not.toContainText('Groups');
});

test.describe('a page for one group (the groups build: /profile needs snxt-demo-users and is in the toolbar)', () => {
  test.use({ baseURL: appUrl('groups') });
  const mainNavigation = (page: Page) => page.getByRole('banner').getByRole('navigation');
  const noAccess = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1, name: 'No access' });

  test('a signed-out visitor goes to sign in and comes back to it; a member sees it and its navigation entry', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    await expect(loginButton(page)).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Profile' })).toHaveCount(0);
    await page.goto('/profile');
    await signInAtProvider(page);
    await expect(page).toHaveURL(`${appUrl('groups')}/profile`);
    await expect(profileHeading(page)).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Groupssnxt-demo-users, snxt-editors');
    await expect(mainNavigation(page).getByRole('link', { name: 'Profile' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('someone outside it gets "No access" in place, with the URL kept and no navigation entry; the link goes home', async ({
    page,
    consoleErrors,
  }) => {
    const seen = await watchForText(page, [OUTSIDER.email]);
    await page.goto('/profile');
    await signInAtProvider(page, OUTSIDER);
    await expect(noAccess(page)).toBeVisible();
    await expect(page).toHaveURL(`${appUrl('groups')}/profile`);
    await expect(page.getByRole('main')).toContainText("You don't have access to this page.");
    await expect(profileHeading(page)).toHaveCount(0);
    await expect(mainNavigation(page).getByRole('link')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/no-access.png' });
    // Nothing of the page, at any moment.
    expect((await seen()).flat()).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(`${appUrl('groups')}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('reached by a link, "No access" takes focus and the page is announced; in German it says so in German', async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, OUTSIDER);
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(`${appUrl('groups')}/profile`);
    await expect(noAccess(page)).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Profile - Starter Next' })).toBeAttached();
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
  });

  test('signing out there goes home, as on any page for signed-in users', async ({ page }) => {
    await page.goto('/');
    await signIn(page, OUTSIDER);
    await page.goto('/profile');
    await expect(noAccess(page)).toBeVisible();
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${appUrl('groups')}/`);
    await expect(loginButton(page)).toBeVisible();
  });
});

test.describe('mandatory sign-in (VITE_AUTH_REQUIRED)', () => {
  test.use({ baseURL: appUrl('required') });

  test('/ goes straight to the sign-in page; meanwhile the frame says so and shows no page', async ({ page }) => {
    const left = await documentWhenLeaving(page);
    const seen = await watchForText(page, ['Choose language and theme']);
    // A slow provider, so what shows meanwhile can be seen.
    await page.route(`${issuer()}/.well-known/openid-configuration`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Signing you in…' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('Choose language and theme');
    await page.screenshot({ path: 'test-results/screenshots/signing-in.png' });
    await expect(page.getByLabel('Email')).toBeVisible();
    await signInAtProvider(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
    // The frame (toolbar) and an announced status; nothing of the page.
    const [leaving] = await left();
    expect(leaving!.html).toContain('<header');
    expect(leaving!.html).toMatch(/<p role="status"[^>]*>.*Signing you in…/s);
    expect(leaving!.text).not.toContain('Choose language and theme');
    expect(await seen()).toEqual([[], ['Choose language and theme']]);
  });

  test('every page needs it: /settings comes back to /settings', async ({ page }) => {
    await page.goto('/settings');
    await signInAtProvider(page);
    await expect(page).toHaveURL(`${appUrl('required')}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('sign-out ends on the sign-in page, once: no loop with the provider', async ({ page }) => {
    await page.goto('/');
    await signInAtProvider(page);
    await expect(userMenuButton(page)).toBeVisible();
    const authorizations: string[] = [];
    page.on('request', (request) => AUTHORIZE.test(request.url()) && authorizations.push(request.url()));
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
    await expect(page.getByLabel('Email')).toBeVisible();
    await nothingHappensFor(page, 1_500, 'the sign-in page does not send the visitor round again');
    expect(authorizations).toHaveLength(1);
    await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  });

  test('a sign-in that comes back refused offers Login instead of trying again by itself', async ({ page }) => {
    const authorize = page.waitForRequest(AUTHORIZE);
    await page.goto('/');
    const state = new URL((await authorize).url()).searchParams.get('state')!;
    await expect(page.getByLabel('Email')).toBeVisible();
    const authorizations: string[] = [];
    page.on('request', (request) => AUTHORIZE.test(request.url()) && authorizations.push(request.url()));
    const answer = new URL('/', appUrl('required'));
    answer.search = new URLSearchParams({ error: 'access_denied', state, iss: issuer() }).toString();
    await page.goto(answer.href);
    await expect(page.getByText('Sign-in was cancelled.')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
    await expect(main).not.toContainText('Choose language and theme');
    // Hovering a link preloads its page: that starts no sign-in either.
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).hover();
    await nothingHappensFor(page, 1_000, 'the preload of the hovered page starts no sign-in');
    expect(authorizations).toEqual([]);
    await main.getByRole('button', { name: 'Login' }).click();
    await signInAtProvider(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Starter Next' })).toBeVisible();
  });

  test('a sign-out in another tab hides the page there and offers Login, without signing in again by itself', async ({
    context,
  }) => {
    const first = await context.newPage();
    await first.goto(appUrl('required'));
    await signInAtProvider(first);
    await expect(userMenuButton(first)).toBeVisible();
    const second = await context.newPage();
    await second.goto(`${appUrl('required')}/settings`);
    await expect(second.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const authorizations: string[] = [];
    second.on('request', (request) => AUTHORIZE.test(request.url()) && authorizations.push(request.url()));
    await userMenuButton(first).click();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    const main = second.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
    await expect(main.getByRole('switch')).toHaveCount(0);
    await nothingHappensFor(second, 1_000, 'the other tab starts no sign-in of its own');
    expect(authorizations).toEqual([]);
  });
});
