import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The pages a build wrote; `hydrates`: the app's markup, not the frame of a page for signed-in users. */
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
