import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Account {
  email: string;
  password: string;
}

const issuer = () => process.env.E2E_OIDC_ISSUER!;

/** An account of the test's own at the main provider, a copy of the demo account or of the outsider. */
export async function newAccount(request: APIRequestContext, like: 'demo' | 'outsider' = 'demo'): Promise<Account> {
  const response = await request.post(`${issuer()}/test/accounts`, { data: { like } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Account;
}

/** Opens `path` (a page that needs sign-in), signs in at the provider and comes back to it. */
export async function signInAt(page: Page, path: string, account: Account) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`^${issuer()}/interaction/`));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.origin !== new URL(issuer()).origin && url.pathname === path.split('?')[0]);
  await expect(page.locator('html')).not.toHaveClass(/snxt-other-page/);
}
