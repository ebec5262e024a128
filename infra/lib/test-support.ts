// For the tests: a small build of the app, its _headers written by the same module as a real build's, the viewer
// function run as CloudFront runs it, and the headers a response headers policy makes CloudFront send.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { cacheRules } from '../../build/cache-headers.mjs';
import { buildHeaders, headersFile, nginxSnippet } from '../../build/security-headers.mjs';

const page = (title: string, script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>body{margin:0}</style>` +
  `<script>${script}</script><script type="module" src="/assets/index-AbC123.js"></script></head>` +
  `<body><div id="root"></div></body></html>`;

export const TEST_FILES: Readonly<Record<string, string>> = {
  'index.html': page('Starter Next', 'boot()'),
  'settings.html': page('Settings', 'boot("settings")'),
  'assets/index-AbC123.js': 'export {}',
  'assets/settings-Q1w2e3.js': 'export {}',
  'assets/index-Xyz789.css': 'body{}',
  'assets/i18n/en.json': '{}',
  'assets/icons/home.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sw.js': 'self.skipWaiting()',
  'workbox-4a5b6c.js': '',
  'manifest.webmanifest': '{}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'robots.txt': 'User-agent: *',
  'icons/icon-192.png': 'png',
  'index.html.br': 'compressed',
  'index.html.gz': 'compressed',
  'assets/index-AbC123.js.br': 'compressed',
};

/** Writes the build into a new folder and returns it; `env` is what it is built with. */
export function writeTestBuild(env: Record<string, string> = {}, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'snxt-infra-'));
  const files = { ...TEST_FILES, ...extra };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const pages = Object.entries(files)
    .filter(([file]) => file.endsWith('.html'))
    .map(([, text]) => text);
  const headers = buildHeaders(env, pages);
  writeFileSync(join(dir, '_headers'), headersFile(headers, cacheRules(Object.keys(files))));
  writeFileSync(join(dir, 'nginx-security-headers.conf'), nginxSnippet(headers));
  return dir;
}

interface PolicyConfig {
  SecurityHeadersConfig?: {
    ContentSecurityPolicy?: { ContentSecurityPolicy: string };
    StrictTransportSecurity?: { AccessControlMaxAgeSec: number; IncludeSubdomains?: boolean; Preload?: boolean };
    ContentTypeOptions?: object;
    FrameOptions?: { FrameOption: string };
    ReferrerPolicy?: { ReferrerPolicy: string };
  };
  CustomHeadersConfig?: { Items: { Header: string; Value: string }[] };
}

/** The headers CloudFront adds with this `ResponseHeadersPolicyConfig`, written as it sends them. */
export function headersSentBy(config: PolicyConfig): Record<string, string> {
  const security = config.SecurityHeadersConfig ?? {};
  const hsts = security.StrictTransportSecurity;
  return {
    ...(security.ContentSecurityPolicy && {
      'Content-Security-Policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
    }),
    ...(hsts && {
      'Strict-Transport-Security': [
        `max-age=${hsts.AccessControlMaxAgeSec}`,
        hsts.IncludeSubdomains && 'includeSubDomains',
        hsts.Preload && 'preload',
      ]
        .filter(Boolean)
        .join('; '),
    }),
    ...(security.ContentTypeOptions && { 'X-Content-Type-Options': 'nosniff' }),
    ...(security.FrameOptions && { 'X-Frame-Options': security.FrameOptions.FrameOption }),
    ...(security.ReferrerPolicy && { 'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy }),
    ...Object.fromEntries((config.CustomHeadersConfig?.Items ?? []).map(({ Header, Value }) => [Header, Value])),
  };
}

export interface ViewerRequest {
  uri: string;
  querystring: Record<string, { value: string }>;
}
type ViewerResult =
  ViewerRequest | { statusCode: number; statusDescription: string; headers?: Record<string, { value: string }> };

/** The function as CloudFront runs it: its code alone in a fresh context, `handler` called with the event. */
export function viewerRequest(code: string) {
  const handler = runInNewContext(`${code}\n;handler`, {}) as (event: { request: ViewerRequest }) => ViewerResult;
  return (uri: string, querystring: ViewerRequest['querystring'] = {}) => handler({ request: { uri, querystring } });
}
