// What the CDK app takes from a build of the app: its files, its prerendered pages and the headers it sends.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { buildHeaders, DEPLOY_CONFIG_FILES, HEADERS_FILE, parseHeadersFile } from '../../build/security-headers.mjs';

export interface SiteBuild {
  readonly dir: string;
  /** Every file the site serves, relative, with `/`: neither the deploy configs nor the precompressed copies. */
  readonly files: readonly string[];
  /** The other files in the build's folder, left out of the upload. */
  readonly skipped: readonly string[];
  /** Each prerendered page's path and its file, from the HTML files of the build: `/settings` → `/settings.html`. */
  readonly pages: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
}

const COPY_SUFFIX = /\.(br|gz)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
}

/** `index.html` → `/`, `settings.html` → `/settings`, `orders/index.html` → `/orders`. */
const pagePath = (file: string) => `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;

function differingNames(a: Record<string, string>, b: Record<string, string>) {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => a[name] !== b[name]);
}

/** @param env the VITE_* values the build was made with: its CSP is computed again from them and its pages. */
export function readSiteBuild(dir: string, env: Record<string, string | undefined>): SiteBuild {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${dir} holds no build of the app (no index.html): run npm run build, or npm run infra:synth`);
  }
  const all = filesUnder(dir);
  const names = new Set(all);
  // CloudFront compresses by itself; a .gz without its original next to it is a file of the site.
  const files = all.filter(
    (file) =>
      !DEPLOY_CONFIG_FILES.includes(file) && !(COPY_SUFFIX.test(file) && names.has(file.replace(COPY_SUFFIX, ''))),
  );
  const pageFiles = files.filter((file) => file.endsWith('.html'));
  const headers: Record<string, string> = buildHeaders(
    env,
    pageFiles.map((file) => readFileSync(join(dir, file), 'utf8')),
  );
  const headersFile = join(dir, HEADERS_FILE);
  const written: Record<string, string> = existsSync(headersFile)
    ? parseHeadersFile(readFileSync(headersFile, 'utf8'))
    : {};
  if (!isDeepStrictEqual(headers, written)) {
    throw new Error(
      `${headersFile} does not match the headers of this build's pages under the VITE_* values given now ` +
        `(${differingNames(headers, written).join(', ')} differ): the build was made with other values. ` +
        'Build it again with these (npm run infra:synth builds it for you).',
    );
  }
  const skipped = all.filter((file) => !files.includes(file));
  return {
    dir,
    files,
    skipped,
    pages: Object.fromEntries(pageFiles.map((file) => [pagePath(file), `/${file}`])),
    headers,
  };
}
