// The viewer-request function's code: the handler with the build's pages, its files and the files never served.
import { readFileSync } from 'node:fs';
import { DEPLOY_CONFIG_FILES } from '../../build/security-headers.mjs';
import type { SiteBuild } from './site-build.ts';

/** CloudFront Functions' quota on a function's code, in bytes. */
const FUNCTION_CODE_LIMIT = 10_240;
/** Everything under it passes by prefix: hashed names a function cannot list, and a missing one stays a 404. */
const ASSETS = 'assets/';

const HANDLER = readFileSync(new URL('./viewer-request.js', import.meta.url), 'utf8');

export function viewerRequestCode({ pages, files }: Pick<SiteBuild, 'pages' | 'files'>): string {
  const notServed = DEPLOY_CONFIG_FILES.map((file: string) => `/${file}`);
  const named = files.filter((file) => !file.startsWith(ASSETS)).map((file) => `/${file}`);
  const code =
    `var PAGES = ${JSON.stringify(pages)};\nvar FILES = ${JSON.stringify(named)};\n` +
    `var NOT_SERVED = ${JSON.stringify(notServed)};\n${HANDLER}`;
  const size = Buffer.byteLength(code);
  if (size > FUNCTION_CODE_LIMIT) {
    throw new Error(
      `The viewer-request function is ${size} bytes with ${Object.keys(pages).length} prerendered pages and ` +
        `${named.length} files outside /${ASSETS}; CloudFront Functions take at most ${FUNCTION_CODE_LIMIT}. ` +
        `Prerender fewer pages, move files under /${ASSETS}, or move the lists into a CloudFront KeyValueStore.`,
    );
  }
  return code;
}
