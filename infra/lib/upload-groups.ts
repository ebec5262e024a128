// The build's files in groups that share a Cache-Control and a Content-Type: one upload each, metadata set explicitly.
import { extname } from 'node:path';
import { cacheRules, NO_CACHE, pathMatches } from '../../build/cache-headers.mjs';
import { COMPRESSIBLE } from '../../build/precompress.mjs';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ...COMPRESSIBLE,
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export interface UploadGroup {
  readonly cacheControl: string;
  readonly contentType: string;
  readonly files: readonly string[];
}

export function uploadGroups(files: readonly string[]): UploadGroup[] {
  const rules: [string, string][] = cacheRules(files);
  const groups = new Map<string, { cacheControl: string; contentType: string; files: string[] }>();
  for (const file of [...files].sort()) {
    const extension = extname(file).toLowerCase();
    const contentType = CONTENT_TYPES[extension];
    if (!contentType) {
      throw new Error(
        `${file}: no content type is known for "${extension || file}"; add it in infra/lib/upload-groups.ts`,
      );
    }
    // Each name becomes an `aws s3 sync --include` filter, where these characters are patterns.
    if (/[*?[\]\\]/.test(file)) throw new Error(`${file}: a name with * ? [ ] or \\ cannot be uploaded by name`);
    const cacheControl = rules.find(([pattern]) => pathMatches(pattern, `/${file}`))?.[1] ?? NO_CACHE;
    const key = `${cacheControl}|${contentType}`;
    const group = groups.get(key) ?? { cacheControl, contentType, files: [] };
    group.files.push(file);
    groups.set(key, group);
  }
  return [...groups.values()];
}
