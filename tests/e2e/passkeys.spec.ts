import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { appUrl, expect, test } from './fixtures';

// Passkeys at the local provider (scripts/local-provider/passkeys.mjs), which runs on localhost (a relying-party id
// cannot be an IP address) while the app stays on 127.0.0.1; Chromium's virtual authenticator stands in for the
// device. Each test signs in as its own copy of an account, so passkeys never cross between tests.

interface Account {
  sub: string;
  email: string;
  password: string;
  name: string;
}

const issuer = () => process.env.E2E_OIDC_ISSUER!;
const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Login' });
const userMenuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'User menu' });
const REFUSED = 'That passkey could not sign you in.';

// Each test goes through the provider's pages several times over (sign in, add a passkey, sign out, sign in again).
test.slow();

async function newAccount(request: APIRequestContext, like: 'demo' | 'outsider'): Promise<Account> {
  const response = await request.post(`${issuer()}/test/accounts`, { data: { like } });
  expect(response.status()).toBe(201);
  return response.json();
}

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/** A device that keeps passkeys and verifies its user (Chromium's virtual authenticator, DevTools protocol). */
async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[],
    clear: () => cdp.send('WebAuthn.clearCredentials', { authenticatorId }),
    add: (credential: VirtualCredential) => cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
  };
}

async function signInWithPassword(page: Page, account: Account) {
  await loginButton(page).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(userMenuButton(page)).toContainText(account.name);
}

/** The user menu's Add a passkey, the provider's page, Create passkey, and back in the app. */
async function addPasskey(page: Page, origin: string) {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Add a passkey' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/passkeys/add\\?`));
  await expect(page.getByRole('heading', { level: 1, name: 'Add a passkey' })).toBeVisible();
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(userMenuButton(page)).toBeVisible();
}

/** Logout, and the trip through the provider's /logout back home (Login shows before it leaves). */
async function signOut(page: Page, origin: string) {
  const home = page.waitForResponse(
    (response) => response.url() === `${origin}/` && response.request().isNavigationRequest(),
  );
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await home;
  await expect(loginButton(page)).toBeVisible();
}

test('sign in with the password, add a passkey from the user menu, sign out, sign in with the passkey', async ({
  page,
  request,
  consoleErrors,
}) => {
  const origin = appUrl('cognito');
  const account = await newAccount(request, 'demo');
  const device = await virtualAuthenticator(page);
  await page.goto(origin);
  await signInWithPassword(page, account);

  await addPasskey(page, origin);
  const [passkey] = await device.credentials();
  expect(passkey).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  await signOut(page, origin);
  await loginButton(page).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(userMenuButton(page)).toContainText(account.name);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('snxt-AUTH')))!).user).toMatchObject({
    sub: account.sub,
    email: account.email,
  });
  // The authenticator signed: its counter moved on.
  expect((await device.credentials())[0]!.signCount).toBeGreaterThan(passkey!.signCount);
  expect(consoleErrors).toEqual([]);
});

test("a passkey is refused as another account's: its key with the other account's user handle signs nobody in", async ({
  page,
  request,
}) => {
  const origin = appUrl('cognito');
  const [demo, outsider] = await Promise.all([newAccount(request, 'demo'), newAccount(request, 'outsider')]);
  const device = await virtualAuthenticator(page);
  await page.goto(origin);
  await signInWithPassword(page, outsider);
  await addPasskey(page, origin);
  const [outsiders] = await device.credentials();
  await signOut(page, origin);
  await signInWithPassword(page, demo);
  await addPasskey(page, origin);
  const demos = (await device.credentials()).find((credential) => credential.credentialId !== outsiders!.credentialId);
  await signOut(page, origin);

  // A device that presents the demo account's passkey (its id, key and counter) as the outsider's: the signature
  // holds, the credential is known, but it was registered for another account than the one it now names.
  await device.clear();
  await device.add({ ...demos!, userHandle: outsiders!.userHandle });
  await loginButton(page).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));

  // The same passkey as it was made still signs in its own account, and only that one.
  await device.clear();
  await device.add(demos!);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(userMenuButton(page)).toContainText(demo.name);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('snxt-AUTH')))!).user.sub).toBe(demo.sub);
});

test('a passkey the provider does not know signs nobody in', async ({ page, request }) => {
  const origin = appUrl('cognito');
  const account = await newAccount(request, 'demo');
  const device = await virtualAuthenticator(page);
  await page.goto(origin);
  await signInWithPassword(page, account);
  await addPasskey(page, origin);
  const [made] = await device.credentials();
  await signOut(page, origin);

  // Same key and user handle, another credential id: not one this provider registered.
  await device.clear();
  await device.add({ ...made!, credentialId: Buffer.from('not-a-registered-passkey').toString('base64') });
  await loginButton(page).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  await expect(loginButton(page)).toHaveCount(0);
});

test('the main build, without a Cognito domain, has no Add a passkey', async ({ page, request }) => {
  const account = await newAccount(request, 'demo');
  await page.goto(appUrl('main'));
  await signInWithPassword(page, account);
  await userMenuButton(page).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Add a passkey' })).toHaveCount(0);
});
