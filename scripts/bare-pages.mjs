// The same build with its pages' inline script (and, if asked, style) taken out: what the page alone costs to paint.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompressDir } from '../build/precompress.mjs';

const TAGS = ['script', 'style'];

export function withoutInline(html, tags) {
  const unknown = tags.filter((tag) => !TAGS.includes(tag));
  if (unknown.length) throw new Error(`Only ${TAGS.join(', ')} can be taken out, not ${unknown.join(', ')}`);
  return tags.reduce((page, tag) => page.replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, 'g'), ''), html);
}

export function bareCopy(buildDir, tags) {
  const dir = mkdtempSync(join(tmpdir(), 'snxt-bare-'));
  cpSync(buildDir, dir, { recursive: true });
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.html'))) {
    const page = join(dir, name);
    writeFileSync(page, withoutInline(readFileSync(page, 'utf8'), tags));
    for (const copy of ['br', 'gz']) rmSync(`${page}.${copy}`, { force: true });
  }
  precompressDir(dir);
  return dir;
}
