// Security headers for the built app, computed from the build's VITE_* settings. The Vite plugin
// below ships them with the build (dist/_headers for Netlify / Cloudflare Pages, and an nginx
// snippet) and `vite preview` serves the headers of the build it serves, so what the tests check
// is exactly what a deployment gets.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { identityEndpointOf, regionOfId } from '../src/config/cognito-identity-pool.mjs';
import { APP_POLICIES } from '../src/config/trusted-types.mjs';
import { cacheRules, IMMUTABLE, NAMED_ASSET_DIRS, NO_CACHE, pathMatches } from './cache-headers.mjs';

/** Where gtag.js loads from and reports to (Google's CSP guide for GA4). */
const GA = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};

/**
 * Every Trusted Types policy a build may create: the app's, DOMPurify's (it sanitises the icons) and,
 * only with analytics, the app's analytics one and gtag.js's own (`goog#html`).
 */
const trustedTypePolicyNames = ({ analytics }) => [
  'dompurify',
  APP_POLICIES.serviceWorker,
  APP_POLICIES.intlWarmUp,
  ...(analytics ? [APP_POLICIES.analytics, 'goog#html'] : []),
];

const HEADERS_FILE = '_headers';
const NGINX_FILE = 'nginx-security-headers.conf';

/** The origin of an http(s) URL, or null for anything else (empty, relative, invalid). */
function originOf(value) {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin the identity pool's calls go to: the override's, or the pool region's endpoint; none
 * without a valid pool id (the app then has the feature off).
 * @param {Record<string, string | undefined>} env
 */
function identityOrigin(env) {
  const region = regionOfId(env.VITE_COGNITO_IDENTITY_POOL_ID?.trim());
  if (!region) return null;
  return env.VITE_COGNITO_IDENTITY_ENDPOINT?.trim()
    ? originOf(env.VITE_COGNITO_IDENTITY_ENDPOINT)
    : originOf(identityEndpointOf(region));
}

const unique = (values) => [...new Set(values.filter(Boolean))];

const sha256Source = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The API origins of VITE_API_ORIGINS (`self` is 'self' already), read as strictly as
 * src/config/env.ts reads them: one entry that is not an exact origin and the app uses none.
 * @param {string | undefined} value
 */
function apiOrigins(value) {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry && entry.toLowerCase() !== 'self');
  const origins = entries.map((entry) => {
    if (!/^https?:\/\/[^*?#@]+$/i.test(entry)) return null;
    try {
      const url = new URL(entry);
      return url.pathname === '/' && url.hostname ? url.origin : null;
    } catch {
      return null;
    }
  });
  return origins.includes(null) ? [] : origins;
}

/**
 * CSP hash sources (`'sha256-…'`) of the inline scripts of a page: the browser runs an inline
 * script only when the hash of its exact text is listed.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attributes]) =>
      !/\bsrc\s*=/i.test(attributes) && !/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes),
  );
  return scripts.map(([, , text]) => sha256Source(text));
}

/**
 * CSP hash sources of the inline `<style>` elements of a page (the prerendered pages inline their
 * stylesheet). Style attributes are not counted: the pages carry none, and a hash would not
 * allow one without 'unsafe-hashes'.
 * @param {string} html
 */
export function inlineStyleHashes(html) {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, text]) => sha256Source(text));
}

/**
 * The hash sources of every page of a build: the pages share one policy, so it lists them all.
 * @param {string[]} pages the HTML of each page
 */
export function pageHashes(pages) {
  return {
    scripts: unique(pages.flatMap(inlineScriptHashes)),
    styles: unique(pages.flatMap(inlineStyleHashes)),
  };
}

/**
 * The Content-Security-Policy for a build. Scripts only from the app's own origin (and Google's
 * tag manager when analytics is on), plus the build's own inline script by its hash; never
 * 'unsafe-inline'. Styles likewise: the pages' inlined stylesheet by its hash, and React sets
 * `style` props through the CSSOM, which CSP does not restrict. Trusted Types are enforced, with
 * only the policies the build creates (src/config/trusted-types.mjs): no default policy, no duplicates.
 * @param {Record<string, string | undefined>} env the build's VITE_* variables
 * @param {string[]} [scriptHashes] hash sources of the pages' inline scripts (inlineScriptHashes)
 * @param {string[]} [styleHashes] hash sources of the pages' inline styles (inlineStyleHashes)
 */
export function contentSecurityPolicy(env, scriptHashes = [], styleHashes = []) {
  const analytics = Boolean(env.VITE_GA_MEASUREMENT_ID?.trim());
  const authority = originOf(env.VITE_OIDC_AUTHORITY);
  const cognito = authority ? originOf(env.VITE_COGNITO_DOMAIN) : null;
  // Translation files may be served from another origin (VITE_I18N_PREFIX).
  const i18n = originOf(env.VITE_I18N_PREFIX);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(analytics ? GA.script : [])],
    'style-src': ["'self'", ...styleHashes],
    'img-src': ["'self'", 'data:', ...(analytics ? GA.img : [])],
    'font-src': ["'self'"],
    // Discovery, token and user-info calls go to the provider; Cognito's token endpoint is on its domain;
    // AWS credentials come from the identity pool's endpoint.
    'connect-src': [
      "'self'",
      authority,
      cognito,
      identityOrigin(env),
      i18n,
      ...apiOrigins(env.VITE_API_ORIGINS),
      ...(analytics ? GA.connect : []),
    ],
    // Sign-in and sign-out leave for the provider with location.assign, never with a form.
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    // DOM XSS sinks (innerHTML, script URLs, eval…) take only values made by the named policies.
    'require-trusted-types-for': ["'script'"],
    'trusted-types': trustedTypePolicyNames({ analytics }),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${unique(sources).join(' ')}`)
    .join('; ');
}

/**
 * Every header the app is served with.
 * @param {Record<string, string | undefined>} env the build's VITE_* variables
 * @param {string[]} [scriptHashes] hash sources of the pages' inline scripts
 * @param {string[]} [styleHashes] hash sources of the pages' inline styles
 * @returns {Record<string, string>}
 */
export function securityHeaders(env, scriptHashes = [], styleHashes = []) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env, scriptHashes, styleHashes),
    // Not even the origin: the sign-in answer's one-time code is in the URL until the app replaces it.
    'Referrer-Policy': 'no-referrer',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    // browsing-topics is the successor of FLoC's interest-cohort, which Chromium no longer knows.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Netlify / Cloudflare Pages `_headers`: every path gets every security header, and each path
 * pattern of `rules` its Cache-Control (build/cache-headers.mjs).
 * @param {Record<string, string>} headers
 * @param {[string, string][]} [rules] path pattern → Cache-Control
 */
export function headersFile(headers, rules = []) {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  const caching = rules.flatMap(([path, value]) => [path, `  Cache-Control: ${value}`]);
  return [
    '# Security headers for every path, then caching per path (generated by build/security-headers.mjs).',
    '/*',
    ...lines,
    ...caching,
    '',
  ].join('\n');
}

/**
 * Reads back a `_headers` file written by headersFile: its rules in order.
 * @returns {{ path: string, headers: Record<string, string> }[]}
 */
export function parseHeaderRules(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    const header = /^\s+([\w-]+):\s*(.+)$/.exec(line);
    if (header && rules.length) rules.at(-1).headers[header[1]] = header[2].trim();
    else if (/^\//.test(line)) rules.push({ path: line.trim(), headers: {} });
  }
  return rules;
}

/** The headers `_headers` gives every path (its `/*` rule). */
export function parseHeadersFile(text) {
  return parseHeaderRules(text).find((rule) => rule.path === '/*')?.headers ?? {};
}

/**
 * The headers of one URL path: every matching rule, in order. A path no caching rule names (the SPA
 * fallback for an unknown path) is revalidated, as static hosts do by default.
 * @param {{ path: string, headers: Record<string, string> }[]} rules
 * @param {string} path
 */
export function headersForPath(rules, path) {
  const headers = { 'Cache-Control': NO_CACHE };
  for (const rule of rules) if (pathMatches(rule.path, path)) Object.assign(headers, rule.headers);
  return headers;
}

/**
 * An nginx snippet for the `server` block: the headers on every response, Cache-Control per path,
 * the deploy configs hidden and the SPA fallback. nginx drops the server's add_header lines in a
 * location that adds its own, so each location repeats them.
 */
export function nginxSnippet(headers) {
  const quote = (value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  const addHeaders = (extra, indent = '') =>
    Object.entries({ ...headers, ...extra }).map(
      ([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`,
    );
  const location = (match, tryFiles, cacheControl) => [
    `location ${match} {`,
    `    try_files ${tryFiles};`,
    ...addHeaders({}, '    '),
    // Without `always` only successful answers get it: a 404 is never kept for a year.
    `    add_header Cache-Control ${quote(cacheControl)}${cacheControl === IMMUTABLE ? '' : ' always'};`,
    '}',
  ];
  return [
    '# Include inside the server { } block that serves the built app (generated by build/security-headers.mjs).',
    '# nginx drops inherited add_header lines in a location that adds its own: each location below repeats them.',
    ...addHeaders({}),
    '',
    '# The build writes compressed copies of its text files (file.gz, file.br): send those, not the raw files.',
    'gzip_static on;',
    '# With the ngx_brotli module: brotli_static on;',
    '',
    '# The deploy configs are not part of the site.',
    ...[HEADERS_FILE, NGINX_FILE].flatMap((file) => [`location = /${file} {`, '    return 404;', '}']),
    '',
    '# Pages (/settings is settings.html), the service worker and the manifest: revalidated on every load.',
    '# Unknown paths serve index.html, the app routes them.',
    ...location('/', '$uri $uri.html $uri/ /index.html', NO_CACHE),
    '',
    '# Hashed build files never change under their name (immutable on success only). A missing one is a 404, never the page.',
    ...location('^~ /assets/', '$uri =404', IMMUTABLE),
    '',
    '# Translations and icons keep their names from build to build.',
    ...NAMED_ASSET_DIRS.flatMap((dir) => [...location(`^~ ${dir}`, '$uri =404', NO_CACHE), '']),
  ].join('\n');
}

/**
 * Whether `vite preview` serves a path of the build as the deploy configs do: never the configs
 * themselves, and a missing file under /assets/ is a 404, not the SPA fallback.
 * @param {string} dir the build's folder
 * @param {string} path the URL path, as requested
 */
export function isServed(dir, path) {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not a name of the build's files either way.
  }
  if (decoded === `/${HEADERS_FILE}` || decoded === `/${NGINX_FILE}`) return false;
  if (!decoded.startsWith('/assets/')) return true;
  const file = resolve(dir, `.${decoded}`);
  return existsSync(file) && statSync(file).isFile();
}

/**
 * Vite plugin: writes the deploy configs into the build and makes `vite preview` send the headers
 * of the build it serves, path by path (read from its `_headers`, so a preview started without the build's
 * environment still serves the right policy). Dev is left alone: the dev server needs inline
 * and eval'd scripts for hot reloading.
 * @param {() => Record<string, string | undefined>} readEnv the VITE_* variables of the build
 * @returns {import('vite').Plugin}
 */
export function securityHeadersPlugin(readEnv) {
  return {
    name: 'snxt-security-headers',
    // Not for the prerender's own (SSR) build.
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    // After Vite has written index.html and the prerender its pages, so their inline script and
    // style can be hashed.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const pages = Object.values(bundle)
        .filter((item) => item.type === 'asset' && item.fileName.endsWith('.html'))
        .map((page) => String(page.source));
      const { scripts, styles } = pageHashes(pages);
      const headers = securityHeaders(readEnv(), scripts, styles);
      this.emitFile({
        type: 'asset',
        fileName: HEADERS_FILE,
        source: headersFile(headers, cacheRules(Object.keys(bundle))),
      });
      this.emitFile({ type: 'asset', fileName: NGINX_FILE, source: nginxSnippet(headers) });
    },
    configurePreviewServer(server) {
      const { root, build } = server.config;
      const dir = resolve(root, build.outDir);
      const file = resolve(dir, HEADERS_FILE);
      const rules = existsSync(file)
        ? parseHeaderRules(readFileSync(file, 'utf8'))
        : [{ path: '/*', headers: securityHeaders(readEnv()) }];
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? '/', 'http://preview').pathname;
        for (const [name, value] of Object.entries(headersForPath(rules, path))) response.setHeader(name, value);
        if (!isServed(dir, path)) {
          response.statusCode = 404;
          response.setHeader('Cache-Control', NO_CACHE);
          response.setHeader('Content-Type', 'text/plain; charset=utf-8');
          response.end('Not found');
          return;
        }
        next();
      });
    },
  };
}
