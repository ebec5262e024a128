import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The pages a production build wrote (its prerendered HTML files), so the benches and screenshots visit what the
 * route tree holds. `hydrates`: the page's markup is the app's (not a frame for signed-in users only).
 * @returns {{ path: string, file: string, hydrates: boolean }[]}
 */
export function builtPages(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => name.split('\\').join('/'))
    .filter((name) => name.endsWith('.html') && !name.startsWith('assets/'))
    .map((file) => {
      const path = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
      const marked = /<div id="root" data-prerendered="([^"]*)"/.exec(readFileSync(join(dir, file), 'utf8'))?.[1];
      return { path, file, hydrates: marked === path };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
