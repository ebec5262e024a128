import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { appUrl, expect, test } from './fixtures';

const REQUIRED_HEADERS = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
};

/** The CSP of a response as directive → sources. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function headersOf(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.headers();
}

/** The first-load script of a build, read from its index.html. */
async function entryScript(request: APIRequestContext, base: string): Promise<string> {
  const html = await (await request.get(`${base}/`)).text();
  const src = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  expect(src, 'entry script in index.html').toBeTruthy();
  return `${base}${src}`;
}

/** The CSP hash sources of the inline scripts a page is served with. */
async function inlineScriptHashes(request: APIRequestContext, url: string): Promise<string[]> {
  const html = await (await request.get(url)).text();
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
  );
}

/**
 * Collects CSP violations from both places Chromium reports them: `securitypolicyviolation`
 * events in every document the page loads, and the console message it logs for each.
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const key = 'e2e-csp-violations';
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
      sessionStorage.setItem(key, JSON.stringify(seen));
    });
  });
  return async () => {
    const fromEvents = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-csp-violations') ?? '[]'));
    return [...fromEvents, ...fromConsole];
  };
}

test.describe('security headers', () => {
  test('the preview sends every header on pages, fallback routes and assets', async ({ request, baseURL }) => {
    const urls = [`${baseURL}/`, `${baseURL}/settings`, await entryScript(request, baseURL!)];
    for (const url of urls) {
      const headers = await headersOf(request, url);
      for (const [name, value] of Object.entries(REQUIRED_HEADERS))
        expect(headers[name], `${name} on ${url}`).toBe(value);
      expect(headers['permissions-policy'], url).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      const csp = parseCsp(headers['content-security-policy']);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
    }
  });

  test("scripts run only from allowed origins and the page's own inline script, by hash", async ({
    request,
    baseURL,
  }) => {
    const csp = parseCsp((await headersOf(request, `${baseURL}/`))['content-security-policy']);
    const hashes = await inlineScriptHashes(request, `${baseURL}/`);
    expect(hashes).toHaveLength(1);
    expect(csp.get('script-src')).toEqual(["'self'", ...hashes]);
    expect(csp.get('script-src')!.join(' ')).not.toMatch(/unsafe|\*/);
    // The main build signs in with the local provider: its origin is allowed for API calls.
    expect(csp.get('connect-src')).toEqual(["'self'", new URL(process.env.E2E_OIDC_ISSUER!).origin]);
  });

  test('the analytics build allows Google Analytics and nothing else', async ({ request }) => {
    const csp = parseCsp((await headersOf(request, `${appUrl('analytics')}/`))['content-security-policy']);
    const hashes = await inlineScriptHashes(request, `${appUrl('analytics')}/`);
    expect(csp.get('script-src')).toEqual(["'self'", ...hashes, 'https://www.googletagmanager.com']);
    expect(csp.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(csp.get('script-src')!.join(' ')).not.toContain('unsafe');
  });

  test('the bare build allows only its own origin', async ({ request }) => {
    const csp = parseCsp((await headersOf(request, `${appUrl('bare')}/`))['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });

  test('the shipped deploy configs carry the same policy', async ({ request, baseURL }) => {
    const served = (await headersOf(request, `${baseURL}/`))['content-security-policy'];
    const headersFile = await (await request.get(`${baseURL}/_headers`)).text();
    const nginx = await (await request.get(`${baseURL}/nginx-security-headers.conf`)).text();
    expect(headersFile).toContain(`Content-Security-Policy: ${served}`);
    expect(nginx).toContain(`add_header Content-Security-Policy "${served}" always;`);
    expect(nginx).toContain('try_files $uri $uri/ /index.html;');
  });
});

test.describe('the app under its Content-Security-Policy', () => {
  test('home, settings and their controls run without a violation', async ({ page, consoleErrors }) => {
    const violations = await watchCsp(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'v9.0.0' }).hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByRole('switch', { name: 'Sticky header' }).click();
    await expect(page.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('main').getByRole('combobox', { name: 'Theme' }).selectOption('BLACK-THEME');
    await expect(page.locator('html')).toHaveClass(/black-theme/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('sign-in through the provider and the user menu run without a violation', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/');
    const loginButton = page.getByRole('button', { name: 'Login' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await loginButton.click();
    await page.getByLabel('Email').fill('demo@snxt.dev');
    await page.getByLabel('Password').fill('snxt-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await expect(userMenu).toBeVisible();
    await userMenu.click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await violations()).toEqual([]);
  });
});
