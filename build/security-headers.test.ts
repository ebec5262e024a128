// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  buildEnv,
  buildHeaders,
  contentSecurityPolicy,
  DEPLOY_CONFIG_FILES,
  headersFile,
  inlineScriptHashes,
  headersForPath,
  inlineStyleHashes,
  isServed,
  nginxSnippet,
  pageHashes,
  parseHeaderRules,
  parseHeadersFile,
  securityHeaders,
} from './security-headers.mjs';
import { cacheRules, pathMatches } from './cache-headers.mjs';
import { APP_POLICIES } from '../src/config/trusted-types.mjs';

/** The CSP as a map of directive → sources. */
function directives(env: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(
    contentSecurityPolicy(env)
      .split('; ')
      .map((directive) => {
        const [name, ...sources] = directive.split(' ');
        return [name, sources];
      }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows only the own origin when nothing is configured', () => {
    const csp = directives({});
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(contentSecurityPolicy({})).not.toContain('unsafe');
  });

  it('lets the app talk to the OIDC authority and the Cognito domain, by origin', () => {
    const csp = directives({
      VITE_OIDC_AUTHORITY: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC',
      VITE_OIDC_CLIENT_ID: 'client',
      VITE_COGNITO_DOMAIN: 'https://example.auth.eu-west-1.amazoncognito.com/',
    });
    const origins = ['https://cognito-idp.eu-west-1.amazonaws.com', 'https://example.auth.eu-west-1.amazoncognito.com'];
    expect(csp['connect-src']).toEqual(["'self'", ...origins]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it.each([
    ['sign-in without a client id (off in the app)', { VITE_OIDC_AUTHORITY: 'https://idp.example.com' }],
    [
      'a plain-http provider on another host (refused by a production build)',
      { VITE_OIDC_AUTHORITY: 'http://idp.example.com', VITE_OIDC_CLIENT_ID: 'client' },
    ],
    ['an API origin over plain http', { VITE_API_ORIGINS: 'http://api.example.com' }],
    ['a measurement id that is not one (analytics off)', { VITE_GA_MEASUREMENT_ID: 'UA-1234' }],
  ])('allows nothing the app would not call: %s', (_case, env) => {
    const csp = directives(env);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('lets forms post only to the own origin, even with a provider configured', () => {
    // Sign-in and sign-out leave with location.assign, not a form: no other origin needs to be a form target.
    const env = {
      VITE_OIDC_AUTHORITY: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC',
      VITE_COGNITO_DOMAIN: 'https://example.auth.eu-west-1.amazoncognito.com/',
    };
    expect(directives(env)['form-action']).toEqual(["'self'"]);
    expect(directives({})['form-action']).toEqual(["'self'"]);
  });

  it('adds Google Analytics only when a measurement id is set', () => {
    const csp = directives({ VITE_GA_MEASUREMENT_ID: 'G-ABC123' });
    expect(csp['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(csp['connect-src']).toContain('https://*.google-analytics.com');
    expect(csp['connect-src']).toContain('https://*.analytics.google.com');
    expect(csp['img-src']).toContain('https://*.google-analytics.com');
    expect(directives({ VITE_GA_MEASUREMENT_ID: ' ' })['script-src']).toEqual(["'self'"]);
  });

  it('ignores values that are not http(s) URLs and a Cognito domain without an authority', () => {
    const csp = directives({ VITE_OIDC_AUTHORITY: 'not a url', VITE_COGNITO_DOMAIN: 'https://x.example' });
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it('lets the app call the API origins that receive the access token (VITE_API_ORIGINS)', () => {
    const csp = directives({ VITE_API_ORIGINS: 'self, https://API.example.com:443/, http://127.0.0.1:8080' });
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.example.com', 'http://127.0.0.1:8080']);
    expect(directives({ VITE_API_ORIGINS: 'self' })['connect-src']).toEqual(["'self'"]);
  });

  it.each([
    '*',
    'https://*.example.com',
    'null',
    'https://api.example.com/v1',
    'self,garbage',
    'https://a.example.com https://b.example.com',
  ])('lists no API origin for a VITE_API_ORIGINS the app refuses (%s)', (value) => {
    const csp = directives({ VITE_API_ORIGINS: `https://ok.example.com,${value}` });
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  describe('the Cognito identity endpoint', () => {
    const POOL_ID = 'eu-west-1:0f8b2d3e-4c5a-4b6d-8e7f-9a0b1c2d3e4f';

    it("is allowed in connect-src with a pool: by default the pool region's endpoint", () => {
      expect(directives({ VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID })['connect-src']).toEqual([
        "'self'",
        'https://cognito-identity.eu-west-1.amazonaws.com',
      ]);
      const china = directives({ VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID.replace('eu-west-1', 'cn-north-1') });
      expect(china['connect-src']).toEqual(["'self'", 'https://cognito-identity.cn-north-1.amazonaws.com.cn']);
    });

    it("is the override's origin when one is set, next to the sign-in origins", () => {
      const csp = directives({
        VITE_OIDC_AUTHORITY: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC',
        VITE_OIDC_CLIENT_ID: 'client',
        VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID,
        VITE_COGNITO_IDENTITY_ENDPOINT: 'http://127.0.0.1:5174/identity/',
      });
      expect(csp['connect-src']).toEqual([
        "'self'",
        'https://cognito-idp.eu-west-1.amazonaws.com',
        'http://127.0.0.1:5174',
      ]);
    });

    it('is not allowed without a valid pool id, whatever the endpoint', () => {
      const envs: Record<string, string>[] = [
        { VITE_COGNITO_IDENTITY_ENDPOINT: 'https://identity.example.com/' },
        { VITE_COGNITO_IDENTITY_POOL_ID: 'eu-west-1', VITE_COGNITO_IDENTITY_ENDPOINT: 'https://identity.example.com/' },
        { VITE_COGNITO_IDENTITY_POOL_ID: "eu-west-1:x'; script-src *" },
        { VITE_COGNITO_IDENTITY_POOL_ID: POOL_ID, VITE_COGNITO_IDENTITY_ENDPOINT: 'javascript:alert(1)' },
      ];
      for (const env of envs) {
        expect(directives(env)['connect-src'], JSON.stringify(env)).toEqual(["'self'"]);
      }
    });
  });

  it('allows an absolute translation prefix in connect-src', () => {
    expect(directives({ VITE_I18N_PREFIX: 'https://cdn.example.com/app' })['connect-src']).toEqual([
      "'self'",
      'https://cdn.example.com',
    ]);
    expect(directives({ VITE_I18N_PREFIX: '/app' })['connect-src']).toEqual(["'self'"]);
  });

  it.each([
    'http://cdn.example.com/app',
    '//cdn.example.com/app',
    'https://cdn.example.com/app?x=1',
    'ftp://x.example',
  ])('never lets the app connect to a translation prefix a production build refuses (%s)', (prefix) => {
    expect(directives({ VITE_I18N_PREFIX: prefix })['connect-src']).toEqual(["'self'"]);
  });

  it('lets the app call the product API (VITE_API_URL) by its origin, only when the app accepts the URL', () => {
    expect(directives({ VITE_API_URL: 'https://abc.execute-api.eu-west-1.amazonaws.com' })['connect-src']).toEqual([
      "'self'",
      'https://abc.execute-api.eu-west-1.amazonaws.com',
    ]);
    for (const refused of ['http://api.example.com', 'https://a.example/v1?x', 'https://u:p@a.example/v1']) {
      expect(directives({ VITE_API_URL: refused })['connect-src'], refused).toEqual(["'self'"]);
    }
  });

  // example: books {
  it('lets the app call the Books API by its origin, only when the app accepts the URL', () => {
    expect(directives({ VITE_BOOKS_API_URL: 'https://api.example.com/v1/books' })['connect-src']).toEqual([
      "'self'",
      'https://api.example.com',
    ]);
    expect(directives({ VITE_BOOKS_API_URL: 'http://127.0.0.1:5174/api/books' })['connect-src']).toContain(
      'http://127.0.0.1:5174',
    );
    for (const refused of ['http://api.example.com/books', 'https://a.example/books?x', 'https://u:p@a.example/b']) {
      expect(directives({ VITE_BOOKS_API_URL: refused })['connect-src'], refused).toEqual(["'self'"]);
    }
  });
  // example: books }
});

describe('CSP violation reports (VITE_ERROR_REPORT_URL)', () => {
  const URL_WITH_KEY = 'https://errors.example.com/r?key=abc';

  it('go to the error report URL: report-to names its endpoint, report-uri is there for older browsers', () => {
    const headers = securityHeaders({ VITE_ERROR_REPORT_URL: URL_WITH_KEY });
    const csp = directives({ VITE_ERROR_REPORT_URL: URL_WITH_KEY });
    expect(csp['report-to']).toEqual(['snxt-csp']);
    expect(csp['report-uri']).toEqual([URL_WITH_KEY]);
    expect(headers['Reporting-Endpoints']).toBe(`snxt-csp="${URL_WITH_KEY}"`);
  });

  it("let the app post its error reports to the URL's origin", () => {
    expect(directives({ VITE_ERROR_REPORT_URL: URL_WITH_KEY })['connect-src']).toEqual([
      "'self'",
      'https://errors.example.com',
    ]);
    expect(directives({ VITE_ERROR_REPORT_URL: 'http://127.0.0.1:9000/r' })['connect-src']).toEqual([
      "'self'",
      'http://127.0.0.1:9000',
    ]);
  });

  it('are not asked for without the URL', () => {
    const headers = securityHeaders({});
    expect(headers).not.toHaveProperty('Reporting-Endpoints');
    expect(contentSecurityPolicy({})).not.toMatch(/report-(to|uri)/);
  });

  it.each([
    "https://errors.example.com/r;script-src 'unsafe-inline' *",
    'https://errors.example.com/r,x',
    'https://errors.example.com/r" always; add_header X "y',
    'https://errors.example.com/$request_uri',
    'https://errors.example.com/r#frag',
    'https://user:pass@errors.example.com/r',
    'https://*.example.com/r',
    'http://errors.example.com/r',
    'javascript:alert(1)',
    'https&#58;//errors.example.com/r',
    'not a url',
  ])('are not asked for, and nothing is allowed, with a URL the app refuses (%s)', (value) => {
    const headers = securityHeaders({ VITE_ERROR_REPORT_URL: value });
    expect(headers).not.toHaveProperty('Reporting-Endpoints');
    expect(headers['Content-Security-Policy']).not.toMatch(/report-(to|uri)/);
    expect(directives({ VITE_ERROR_REPORT_URL: value })['connect-src']).toEqual(["'self'"]);
  });

  it('are in the _headers file and every location of the nginx snippet', () => {
    const headers = securityHeaders({ VITE_ERROR_REPORT_URL: URL_WITH_KEY });
    expect(parseHeadersFile(headersFile(headers))['Reporting-Endpoints']).toBe(`snxt-csp="${URL_WITH_KEY}"`);
    const nginx = nginxSnippet(headers);
    const lines = nginx.split('\n').filter((line) => line.includes('add_header Reporting-Endpoints'));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines)
      expect(line.trim()).toBe(`add_header Reporting-Endpoints "snxt-csp=\\"${URL_WITH_KEY}\\"" always;`);
  });
});

describe('Trusted Types', () => {
  it('are required for every script sink, in every build', () => {
    const builds: Record<string, string>[] = [
      {},
      { VITE_GA_MEASUREMENT_ID: 'G-ABC123' },
      { VITE_OIDC_AUTHORITY: 'https://id.example.com' },
    ];
    for (const env of builds) {
      expect(directives(env)['require-trusted-types-for']).toEqual(["'script'"]);
    }
  });

  it("name only the policies a build creates: the app's own and DOMPurify's", () => {
    expect(directives({})['trusted-types']).toEqual(['dompurify', APP_POLICIES.serviceWorker, APP_POLICIES.intlWarmUp]);
  });

  it("add the analytics policy and gtag.js's own only when a measurement id is set", () => {
    const names = directives({ VITE_GA_MEASUREMENT_ID: 'G-ABC123' })['trusted-types'];
    expect(names).toEqual([
      'dompurify',
      APP_POLICIES.serviceWorker,
      APP_POLICIES.intlWarmUp,
      APP_POLICIES.analytics,
      'goog#html',
    ]);
    expect(directives({ VITE_GA_MEASUREMENT_ID: ' ' })['trusted-types']).not.toContain('goog#html');
    expect(directives({})['trusted-types']).not.toContain(APP_POLICIES.analytics);
  });

  it("never allow a default policy, duplicate policies or any name ('*')", () => {
    const builds: Record<string, string>[] = [{}, { VITE_GA_MEASUREMENT_ID: 'G-ABC123' }];
    for (const env of builds) {
      const names = directives(env)['trusted-types']!;
      expect(names).not.toContain('default');
      expect(names).not.toContain("'allow-duplicates'");
      expect(names).not.toContain('*');
      expect(names).toEqual([...new Set(names)]);
    }
  });
});

describe('inline scripts', () => {
  it('are allowed by the SHA-256 hash of their exact text, and nothing else', () => {
    const html = [
      '<script>boot()</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script type="application/ld+json">{"@type":"WebSite"}</script>',
    ].join('\n');
    // echo -n 'boot()' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(html)).toEqual(["'sha256-MeZS89WlF0u+o0hCvHTBt4q1WHU+U+sJKgbdRUc36mY='"]);
    const csp = contentSecurityPolicy({}, inlineScriptHashes(html));
    expect(csp).toContain("script-src 'self' 'sha256-MeZS89WlF0u+o0hCvHTBt4q1WHU+U+sJKgbdRUc36mY=';");
    expect(csp).not.toContain('unsafe');
  });
});

describe('inline styles', () => {
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('are allowed by the SHA-256 hash of their exact text, never by unsafe-inline or unsafe-hashes', () => {
    const html = '<head><style>body{margin:0}</style></head><body><p style="color:red">x</p></body>';
    expect(inlineStyleHashes(html)).toEqual([hashOf('body{margin:0}')]);
    const csp = contentSecurityPolicy({}, [], inlineStyleHashes(html));
    expect(csp).toContain(`style-src 'self' ${hashOf('body{margin:0}')};`);
    expect(csp).not.toContain('unsafe');
  });

  it('of every page are listed once, since all pages share one policy', () => {
    const home = '<script>boot()</script><style>a{}</style>';
    const settings = '<script>boot()</script><style>a{}</style><style>b{}</style>';
    expect(pageHashes([home, settings])).toEqual({
      scripts: [hashOf('boot()')],
      styles: [hashOf('a{}'), hashOf('b{}')],
    });
  });

  it('does not count a style attribute, which a hash cannot allow', () => {
    expect(inlineStyleHashes('<div style="x"></div><template><style-like></style-like></template>')).toEqual([]);
  });
});

describe('deployable configs', () => {
  const headers = securityHeaders({ VITE_OIDC_AUTHORITY: 'https://id.example.com/pool' });

  it('has every header the issue asks for', () => {
    expect(Object.keys(headers)).toEqual(
      expect.arrayContaining([
        'Content-Security-Policy',
        'Referrer-Policy',
        'X-Content-Type-Options',
        'Permissions-Policy',
        'Cross-Origin-Opener-Policy',
        'Strict-Transport-Security',
      ]),
    );
    // The sign-in answer's one-time code is in the URL until the app replaces it: no Referer may carry it.
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Permissions-Policy']).toContain('camera=()');
  });

  it('writes a _headers file that reads back to the same headers', () => {
    const text = headersFile(headers);
    expect(text).toMatch(/^\/\*$/m);
    expect(parseHeadersFile(text)).toEqual(headers);
  });

  describe('caching per path', () => {
    const files = [
      'index.html',
      'settings.html',
      'assets/index-AbC123.js',
      'assets/index-Xyz789.css',
      'assets/settings-Q1w2e3.js',
      'favicon.svg',
    ];
    const rules = parseHeaderRules(headersFile(headers, cacheRules(files)));
    const served = (path: string) => headersForPath(rules, path);

    it.each([
      '/',
      '/index.html',
      '/settings',
      '/settings.html',
      '/sw.js',
      '/workbox-4a5b6c.js',
      '/manifest.webmanifest',
    ])('%s (a page, the worker or the manifest) is revalidated on every load', (path) =>
      expect(served(path)['Cache-Control']).toBe('no-cache'),
    );

    it('hashed build files are kept for a year', () => {
      for (const path of ['/assets/index-AbC123.js', '/assets/index-Xyz789.css', '/assets/settings-Q1w2e3.js']) {
        expect(served(path)['Cache-Control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('translations and icons, which keep their names from build to build, are revalidated', () => {
      expect(served('/assets/i18n/de.json')['Cache-Control']).toBe('no-cache');
      expect(served('/assets/icons/home.svg')['Cache-Control']).toBe('no-cache');
    });

    it('an unknown path (the SPA fallback serves index.html) is revalidated', () => {
      expect(served('/no/such/page')['Cache-Control']).toBe('no-cache');
      // A hashed name the build does not have is not made immutable by a wildcard.
      expect(served('/assets/index-Old999.js')['Cache-Control']).toBe('no-cache');
    });

    it('every path still gets every security header', () => {
      for (const path of ['/', '/settings', '/sw.js', '/assets/index-AbC123.js', '/assets/i18n/en.json', '/x']) {
        expect(served(path)).toMatchObject(headers);
      }
    });

    it('no path matches two caching rules (hosts would join both values into one header)', () => {
      const patterns = rules.filter((rule) => rule.headers['Cache-Control']).map((rule) => rule.path);
      const paths = [
        ...files.map((file) => `/${file}`),
        '/',
        '/settings',
        '/sw.js',
        '/assets/i18n/en.json',
        '/assets/icons/home.svg',
      ];
      for (const path of paths) {
        expect(patterns.filter((pattern) => pathMatches(pattern, path)).length, path).toBeLessThanOrEqual(1);
      }
    });
  });

  it('writes an nginx snippet with every header on every response, caching per location and the SPA fallback', () => {
    const text = nginxSnippet(headers);
    const locations = [...text.matchAll(/^location ([^{]+) \{\n([\s\S]*?)^\}/gm)].map(([, match, body]) => ({
      match: match!.trim(),
      body: body!,
    }));
    const cacheOf = (match: string) =>
      /add_header Cache-Control "([^"]+)"/.exec(locations.find((location) => location.match === match)!.body)?.[1];
    expect(locations.map((location) => location.match)).toEqual([
      '= /_headers',
      '= /nginx-security-headers.conf',
      '/',
      '^~ /assets/',
      '^~ /assets/i18n/',
      '^~ /assets/icons/',
    ]);
    // nginx drops the server's add_header lines in a location that adds its own: each repeats them all.
    for (const { body } of [{ body: text }, ...locations.filter((location) => location.body.includes('add_header'))]) {
      for (const [name, value] of Object.entries(headers)) {
        expect(body).toContain(`add_header ${name} "${value}" always;`);
      }
    }
    expect(cacheOf('/')).toBe('no-cache');
    expect(cacheOf('^~ /assets/')).toBe('public, max-age=31536000, immutable');
    expect(cacheOf('^~ /assets/i18n/')).toBe('no-cache');
    expect(cacheOf('^~ /assets/icons/')).toBe('no-cache');
    // /settings is settings.html; unknown paths are the app's; a missing hashed file is a 404, never the page.
    expect(locations[2]!.body).toContain('try_files $uri $uri.html $uri/ /index.html;');
    expect(locations[3]!.body).toContain('try_files $uri =404;');
    expect(text).toMatch(/^gzip_static on;$/m);
  });

  it('makes hashed files immutable only on success, never on a 404 a rolling deploy may answer for a file not copied yet', () => {
    const text = nginxSnippet(headers);
    const assets = /^location \^~ \/assets\/ \{\n([\s\S]*?)^\}/m.exec(text)![1]!;
    // Without `always`, nginx adds a header to 200, 206 and 304 answers (and redirects), not to errors.
    expect(assets).toContain('add_header Cache-Control "public, max-age=31536000, immutable";');
    expect(text).not.toMatch(/immutable" always/);
    // The security headers stay on errors too.
    for (const [name, value] of Object.entries(headers))
      expect(assets).toContain(`add_header ${name} "${value}" always;`);
  });

  it('never serves the deploy configs themselves from the site root', () => {
    const text = nginxSnippet(headers);
    for (const file of ['_headers', 'nginx-security-headers.conf']) {
      expect(text).toContain(`location = /${file} {\n    return 404;\n}`);
    }
  });
});

describe('what vite preview serves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'snxt-preview-'));
  mkdirSync(join(dir, 'assets'));
  for (const file of ['_headers', 'nginx-security-headers.conf', 'index.html', 'assets/index-a1.js']) {
    writeFileSync(join(dir, file), 'x');
  }

  it('never the deploy configs, however the path is written', () => {
    for (const path of ['/_headers', '/nginx-security-headers.conf', '/%5Fheaders', '/nginx-security-headers%2Econf']) {
      expect(isServed(dir, path), path).toBe(false);
    }
  });

  it('a missing file under /assets/ is a 404, not the page; pages and app paths are served', () => {
    expect(isServed(dir, '/assets/index-a1.js')).toBe(true);
    for (const path of ['/assets/index-old.js', '/assets/', '/assets/i18n/xx.json'])
      expect(isServed(dir, path), path).toBe(false);
    for (const path of ['/', '/settings', '/no/such/page', '/%E0']) expect(isServed(dir, path), path).toBe(true);
  });
});

describe("a build's headers", () => {
  it('allow its pages\u2019 inline scripts and styles by hash: what _headers, nginx and CloudFront all send', () => {
    const env = { VITE_OIDC_AUTHORITY: 'https://id.example.com/pool' };
    const pages = ['<script>boot()</script><style>a{}</style>', '<script>boot("settings")</script>'];
    const headers = buildHeaders(env, pages);
    const { scripts, styles } = pageHashes(pages);
    expect(scripts).toHaveLength(2);
    expect(headers).toEqual(securityHeaders(env, scripts, styles));
    expect(parseHeadersFile(headersFile(headers))).toEqual(headers);
    for (const [name, value] of Object.entries(headers)) {
      expect(nginxSnippet(headers)).toContain(`add_header ${name} "${value.replaceAll('"', '\\"')}" always;`);
    }
  });

  it('come from the VITE_* values the build reads: the environment over the .env files of its mode', () => {
    const root = mkdtempSync(join(tmpdir(), 'snxt-env-'));
    writeFileSync(
      join(root, '.env'),
      'VITE_API_ORIGINS=https://api.example.com\nVITE_GA_MEASUREMENT_ID=G-FILE\nOTHER=x\n',
    );
    writeFileSync(join(root, '.env.production'), 'VITE_ERROR_REPORT_URL=https://errors.example.com/r\n');
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', 'G-ENVIRONMENT');
    expect(buildEnv('production', root)).toMatchObject({
      VITE_API_ORIGINS: 'https://api.example.com',
      VITE_GA_MEASUREMENT_ID: 'G-ENVIRONMENT',
      VITE_ERROR_REPORT_URL: 'https://errors.example.com/r',
    });
    expect(buildEnv('production', root)).not.toHaveProperty('OTHER');
    expect(buildEnv('development', root)).not.toHaveProperty('VITE_ERROR_REPORT_URL');
    vi.unstubAllEnvs();
  });

  it('are never served themselves: the deploy configs are the two files the build writes', () => {
    expect(DEPLOY_CONFIG_FILES).toEqual(['_headers', 'nginx-security-headers.conf']);
    for (const file of DEPLOY_CONFIG_FILES) expect(nginxSnippet({})).toContain(`location = /${file} {`);
  });
});
