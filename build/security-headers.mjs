// A build's headers, written into it (_headers, an nginx snippet) and sent by `vite preview`, as hosts send them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { identityEndpointOf, regionOfId } from '../src/config/cognito-identity-pool.mjs';
import { checkErrorReportUrl } from '../src/config/error-report-url.mjs';
import { checkI18nPrefix } from '../src/config/i18n-prefix.mjs';
import { APP_POLICIES } from '../src/config/trusted-types.mjs';
import { cacheRules, IMMUTABLE, NAMED_ASSET_DIRS, NO_CACHE, pathMatches } from './cache-headers.mjs';

const GA = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};

// DOMPurify's policy sanitises the icons; gtag.js creates `goog#html` for the scripts it adds.
const trustedTypePolicyNames = ({ analytics }) => [
  'dompurify',
  APP_POLICIES.serviceWorker,
  APP_POLICIES.intlWarmUp,
  ...(analytics ? [APP_POLICIES.analytics, 'goog#html'] : []),
];

const HEADERS_FILE = '_headers';
const NGINX_FILE = 'nginx-security-headers.conf';

function originOf(value) {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

function identityOrigin(env) {
  const region = regionOfId(env.VITE_COGNITO_IDENTITY_POOL_ID?.trim());
  if (!region) return null;
  return env.VITE_COGNITO_IDENTITY_ENDPOINT?.trim()
    ? originOf(env.VITE_COGNITO_IDENTITY_ENDPOINT)
    : originOf(identityEndpointOf(region));
}

const CSP_ENDPOINT = 'snxt-csp';

// The headers are a production build's, so its rule for plain http applies.
function errorReportUrl(env) {
  const value = env.VITE_ERROR_REPORT_URL?.trim();
  return value ? checkErrorReportUrl(value, true, () => null) : null;
}

const booksUrl = (env) => env.VITE_BOOKS_API_URL?.trim() ?? ''; // example: books
const plainUrl = (url) => (/[?#]/.test(url) ? null : checkErrorReportUrl(url, true, () => null)); // example: books
const booksOrigin = (env) => originOf(plainUrl(booksUrl(env))); // example: books

const unique = (values) => [...new Set(values.filter(Boolean))];

const sha256Source = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

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

export function inlineScriptHashes(html) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attributes]) =>
      !/\bsrc\s*=/i.test(attributes) && !/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes),
  );
  return scripts.map(([, , text]) => sha256Source(text));
}

// Style attributes are not counted: the pages carry none, and a hash would not allow one without 'unsafe-hashes'.
export function inlineStyleHashes(html) {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, text]) => sha256Source(text));
}

export function pageHashes(pages) {
  return {
    scripts: unique(pages.flatMap(inlineScriptHashes)),
    styles: unique(pages.flatMap(inlineStyleHashes)),
  };
}

// Never 'unsafe-inline': inline scripts and styles go by hash; React sets `style` through the CSSOM, which CSP allows.
export function contentSecurityPolicy(env, scriptHashes = [], styleHashes = []) {
  const analytics = Boolean(env.VITE_GA_MEASUREMENT_ID?.trim());
  const authority = originOf(env.VITE_OIDC_AUTHORITY);
  const cognito = authority ? originOf(env.VITE_COGNITO_DOMAIN) : null;
  const i18n = originOf(checkI18nPrefix(env.VITE_I18N_PREFIX?.trim() ?? '', true, () => null));
  const reports = errorReportUrl(env);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(analytics ? GA.script : [])],
    'style-src': ["'self'", ...styleHashes],
    'img-src': ["'self'", 'data:', ...(analytics ? GA.img : [])],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      authority,
      cognito,
      identityOrigin(env),
      i18n,
      ...apiOrigins(env.VITE_API_ORIGINS),
      ...(analytics ? GA.connect : []),
      reports && new URL(reports).origin,
      booksOrigin(env), // example: books
    ],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    'require-trusted-types-for': ["'script'"],
    'trusted-types': trustedTypePolicyNames({ analytics }),
    ...(reports ? { 'report-to': [CSP_ENDPOINT], 'report-uri': [reports] } : {}),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${unique(sources).join(' ')}`)
    .join('; ');
}

export function securityHeaders(env, scriptHashes = [], styleHashes = []) {
  const reports = errorReportUrl(env);
  return {
    'Content-Security-Policy': contentSecurityPolicy(env, scriptHashes, styleHashes),
    ...(reports ? { 'Reporting-Endpoints': `${CSP_ENDPOINT}="${reports}"` } : {}),
    // Not even the origin: the sign-in answer's one-time code is in the URL until the app replaces it.
    'Referrer-Policy': 'no-referrer',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

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

/** @returns {{ path: string, headers: Record<string, string> }[]} */
export function parseHeaderRules(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    const header = /^\s+([\w-]+):\s*(.+)$/.exec(line);
    if (header && rules.length) rules.at(-1).headers[header[1]] = header[2].trim();
    else if (/^\//.test(line)) rules.push({ path: line.trim(), headers: {} });
  }
  return rules;
}

export function parseHeadersFile(text) {
  return parseHeaderRules(text).find((rule) => rule.path === '/*')?.headers ?? {};
}

export function headersForPath(rules, path) {
  const headers = { 'Cache-Control': NO_CACHE };
  for (const rule of rules) if (pathMatches(rule.path, path)) Object.assign(headers, rule.headers);
  return headers;
}

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

/** @returns {import('vite').Plugin} Not in dev, whose hot reloading needs inline and eval'd scripts. */
export function securityHeadersPlugin(readEnv) {
  return {
    name: 'snxt-security-headers',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    // After Vite has written index.html and the prerender its pages, so their inline script and style are hashed.
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
