import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { appDir, appReady, appUrl, expect, test, waitForCachedChunk } from './fixtures';

const REQUIRED_HEADERS = {
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** The Trusted Types policies every build may create: DOMPurify's (icons) and the service worker's. */
const POLICIES = ['dompurify', 'snxt-service-worker', 'snxt-intl-warm-up'];

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
  // The boot script imports the entry after the first paint: its URL is in the boot script's data.
  const src = /"entry":"([^"]+\.js)"/.exec(html)?.[1];
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
 * Collects CSP violations, Trusted Types ones included, from both places Chromium reports them:
 * `securitypolicyviolation` events in every document of the app's origin (kept in sessionStorage
 * across reloads and redirects), and the console message it logs for each.
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|requires 'Trusted\w+' assignment|TrustedTypePolicy/.test(message.text()))
      fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const key = 'e2e-csp-violations';
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} "${event.sample}" (${event.sourceFile}:${event.lineNumber})`,
      );
      sessionStorage.setItem(key, JSON.stringify(seen));
    });
  });
  return async () => {
    const fromEvents = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-csp-violations') ?? '[]'));
    return [...fromEvents, ...fromConsole];
  };
}

/** Watches for violations from the start, then opens the home page and waits for its heading. */
async function openHomeWatched(page: Page): Promise<() => Promise<string[]>> {
  const violations = await watchCsp(page);
  await page.goto('/');
  await appReady(page);
  return violations;
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
      expect(csp.get('form-action'), url).toEqual(["'self'"]);
      expect(csp.get('require-trusted-types-for'), url).toEqual(["'script'"]);
      expect(csp.get('trusted-types'), url).toEqual(POLICIES);
    }
  });

  test('sign-in builds let forms post to their own origin only', async ({ request }) => {
    for (const variant of ['main', 'cognito'] as const) {
      const csp = parseCsp((await headersOf(request, `${appUrl(variant)}/`))['content-security-policy']);
      expect(csp.get('connect-src'), variant).toContain(new URL(process.env.E2E_OIDC_ISSUER!).origin);
      expect(csp.get('form-action'), variant).toEqual(["'self'"]);
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
    expect(csp.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(csp.get('trusted-types')).toEqual([...POLICIES, 'snxt-analytics', 'goog#html']);
  });

  test('the bare build allows only its own origin', async ({ request }) => {
    const csp = parseCsp((await headersOf(request, `${appUrl('bare')}/`))['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('trusted-types')).toEqual(POLICIES);
  });

  test('the shipped deploy configs carry the same policy', async ({ request, baseURL }) => {
    const served = (await headersOf(request, `${baseURL}/`))['content-security-policy'];
    const headersFile = readFileSync(join(appDir('main'), '_headers'), 'utf8');
    const nginx = readFileSync(join(appDir('main'), 'nginx-security-headers.conf'), 'utf8');
    expect(headersFile).toContain(`Content-Security-Policy: ${served}`);
    expect(nginx).toContain(`add_header Content-Security-Policy "${served}" always;`);
    expect(nginx).toContain('try_files $uri $uri.html $uri/ /index.html;');
  });

  test('pages, the worker and the manifest are revalidated on every load; hashed files are kept for a year', async ({
    request,
    baseURL,
  }) => {
    for (const path of ['/', '/index.html', '/settings', '/no/such/page', '/sw.js', '/manifest.webmanifest']) {
      expect((await headersOf(request, `${baseURL}${path}`))['cache-control'], path).toBe('no-cache');
    }
    expect((await headersOf(request, `${baseURL}/assets/i18n/en.json`))['cache-control']).toBe('no-cache');
    const entry = await entryScript(request, baseURL!);
    expect((await headersOf(request, entry))['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('the deploy configs are not served; a missing hashed file is a 404 not kept for a year', async ({
    request,
    baseURL,
  }) => {
    for (const path of ['/_headers', '/nginx-security-headers.conf', '/_headers?x=1', '/%5Fheaders']) {
      const response = await request.get(`${baseURL}${path}`);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).not.toContain('Content-Security-Policy');
      expect(response.headers(), path).toMatchObject(REQUIRED_HEADERS);
    }
    // A file a rolling deploy has not copied yet: a CDN must not keep this answer.
    for (const path of ['/assets/index-NotThere1.js', '/assets/i18n/xx.json']) {
      const missing = await request.get(`${baseURL}${path}`);
      expect(missing.status(), path).toBe(404);
      expect(missing.headers()['cache-control'] ?? '', path).not.toContain('immutable');
      expect(missing.headers(), path).toMatchObject(REQUIRED_HEADERS);
    }
  });
});

const SETTINGS_CHUNK = /\/assets\/settings-[\w-]+\.js(\?.*)?$/;

test.describe('the service worker under the Content-Security-Policy and Trusted Types', () => {
  test.use({ serviceWorkers: 'allow' });

  test('it registers through its policy, takes control, caches, and serves the next visit without a violation', async ({
    page,
    consoleErrors,
  }) => {
    const violations = await openHomeWatched(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    await waitForCachedChunk(page, 'settings');
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // A plain string never reaches register(): only the worker's policy makes its one URL.
    expect(
      await page.evaluate(async () => {
        try {
          await navigator.serviceWorker.register('/assets/i18n/en.json');
          return 'allowed';
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe('TypeError');
  });
});

const GTAG = /^https:\/\/www\.googletagmanager\.com\/gtag\/js/;
// Stands in for gtag.js: like Google's, it creates its Closure policy `goog#html` when the browser has Trusted Types.
const GTAG_STUB = `window.gtagPolicy = window.trustedTypes
  ? trustedTypes.createPolicy('goog#html', { createScriptURL: (url) => url }).name
  : 'none';`;

interface TrustedTypesWindow {
  trustedTypes: { createPolicy(name: string, rules: Record<string, (input: string) => string>): unknown };
  gtagPolicy?: string;
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

/** Tries a Trusted Types sink or policy in the page: 'allowed', or the name of the error it threw. */
function attempt(page: Page, what: 'innerHTML' | 'script.src' | 'createPolicy', policyName = ''): Promise<string> {
  return page.evaluate(
    ([what, policyName]) => {
      try {
        if (what === 'innerHTML') document.createElement('div').innerHTML = 'x';
        else if (what === 'script.src') document.createElement('script').src = 'https://attacker.example/x.js';
        else (window as unknown as TrustedTypesWindow).trustedTypes.createPolicy(policyName, { createHTML: (s) => s });
        return 'allowed';
      } catch (error) {
        return (error as Error).name;
      }
    },
    [what, policyName] as const,
  );
}

test.describe('the app under its Content-Security-Policy and Trusted Types', () => {
  test('a Trusted Types violation throws and is caught by the watcher', async ({ page }) => {
    const violations = await openHomeWatched(page);
    expect(await attempt(page, 'innerHTML')).toBe('TypeError');
    await expect.poll(async () => (await violations()).join('\n')).toContain('require-trusted-types-for');
  });

  test('no plain string reaches a script sink, and no policy can be added or taken over', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await attempt(page, 'script.src')).toBe('TypeError');
    // No default policy (it would bless every string) and no name the CSP does not list.
    for (const name of ['default', 'attacker']) {
      expect(await attempt(page, 'createPolicy', name), `createPolicy('${name}')`).toBe('TypeError');
    }
  });

  test('home, tooltips, route animations, settings and languages (Hebrew too) run without a violation', async ({
    page,
    consoleErrors,
  }) => {
    const violations = await openHomeWatched(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'v9.0.0' }).hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    // Pages animate once motion's chunk has arrived.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/motion-animations-[\w-]+\.js$/.test(entry.name)),
    );
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);

    const main = page.getByRole('main');
    await main.getByRole('switch', { name: 'Sticky header' }).click();
    await expect(main.getByRole('switch', { name: 'Sticky header' })).toHaveAttribute('aria-checked', 'false');
    await main.getByRole('combobox', { name: 'Theme' }).selectOption('BLACK-THEME');
    await expect(page.locator('html')).toHaveClass(/black-theme/);
    await main.getByRole('switch', { name: 'Page animations' }).click();
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'הגדרות' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'הגדרות' }).hover();
    await page.getByRole('banner').getByRole('combobox').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('the command palette opens, filters, runs commands and closes without a violation', async ({
    page,
    consoleErrors,
  }) => {
    const violations = await openHomeWatched(page);
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const search = palette.getByRole('combobox', { name: 'Type a command or search' });
    await page.keyboard.press('Control+K');
    await expect(palette).toHaveAttribute('aria-modal', 'true');
    await search.fill('black');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveClass(/black-theme/);
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await search.fill('settings');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('an error toast and a warning notice show without a violation', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.route('**/assets/i18n/de.json', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/');
    // The toast is the app's: it must be running.
    await appReady(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom');
      });
    });
    await expect(toasts(page).filter({ hasText: 'An error occurred.' })).toBeVisible();
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(toasts(page).filter({ hasText: 'Some translations could not be loaded' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  for (const variant of ['main', 'cognito'] as const) {
    test(`sign-in, the user menu and sign-out run without a violation (${variant})`, async ({ page }) => {
      const violations = await watchCsp(page);
      const origin = appUrl(variant);
      await page.goto(`${origin}/`);
      const loginButton = page.getByRole('banner').getByRole('button', { name: 'Login' });
      await loginButton.click();
      await page.getByLabel('Email').fill('demo@snxt.dev');
      await page.getByLabel('Password').fill('snxt-demo');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const userMenu = page.getByRole('banner').getByRole('button', { name: 'User menu' });
      await expect(userMenu).toBeEnabled();
      await userMenu.click();
      // Logout leaves for the provider and comes back: the watch is read once the app is back.
      const toProvider = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url().startsWith(process.env.E2E_OIDC_ISSUER!),
      );
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await toProvider;
      await page.waitForURL(`${origin}/`, { waitUntil: 'load' });
      await expect(loginButton).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  }

  test('a stale chunk reloads the page once, without a violation', async ({ page }) => {
    const violations = await watchCsp(page);
    let navigations = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations += 1;
    });
    await page.route(SETTINGS_CHUNK, (route) => (navigations < 2 ? route.abort('failed') : route.continue()));
    await page.goto('/settings');
    // The prerendered heading shows before the app has even asked for the chunk: wait for the reload.
    await expect.poll(() => navigations).toBe(2);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(navigations).toBe(2);
    expect(await violations()).toEqual([]);
  });

  test('the route error page shows its icon without a violation', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.route(SETTINGS_CHUNK, (route) => route.abort('failed'));
    await page.goto('/settings');
    const error = page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
    await expect(error.getByRole('link').locator('svg')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('analytics loads gtag.js through its own policy, and gtag.js may create its own', async ({ page }) => {
    const violations = await watchCsp(page);
    const gtagRequests: string[] = [];
    await page.route(GTAG, (route) => {
      gtagRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: GTAG_STUB });
    });
    const origin = appUrl('analytics');
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page
      .getByRole('region', { name: 'Privacy choices' })
      .getByRole('button', { name: 'Accept analytics' })
      .click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as Partial<TrustedTypesWindow>).gtagPolicy))
      .toBe('goog#html');
    expect(gtagRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${process.env.E2E_GA_MEASUREMENT_ID}`]);
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
