// The viewer-request function's code: the handler with the build's pages and the files never served.
import { readFileSync } from 'node:fs';
import { DEPLOY_CONFIG_FILES } from '../../build/security-headers.mjs';

/** CloudFront Functions' quota on a function's code, in bytes. */
const FUNCTION_CODE_LIMIT = 10_240;

const HANDLER = readFileSync(new URL('./viewer-request.js', import.meta.url), 'utf8');

export function viewerRequestCode(pages: Readonly<Record<string, string>>): string {
  const notServed = DEPLOY_CONFIG_FILES.map((file: string) => `/${file}`);
  const code = `var PAGES = ${JSON.stringify(pages)};\nvar NOT_SERVED = ${JSON.stringify(notServed)};\n${HANDLER}`;
  const size = Buffer.byteLength(code);
  if (size > FUNCTION_CODE_LIMIT) {
    throw new Error(
      `The viewer-request function is ${size} bytes with ${Object.keys(pages).length} prerendered pages; ` +
        `CloudFront Functions take at most ${FUNCTION_CODE_LIMIT}. Prerender fewer pages, or move the page list ` +
        'into a CloudFront KeyValueStore.',
    );
  }
  return code;
}
