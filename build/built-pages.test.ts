// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtPages } from './built-pages.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function build(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'snxt-built-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('builtPages', () => {
  it('lists every page file with its path, nested ones too, and which the app hydrates', () => {
    const dir = build({
      'index.html': '<div id="root" data-prerendered="/"><main></main></div>',
      'settings.html': '<div id="root" data-prerendered="/settings"><main></main></div>',
      'profile.html': '<div id="root"><main></main></div>',
      'orders/new.html': '<div id="root" data-prerendered="/orders/new"></div>',
      'assets/i18n/en.json': '{}',
      'assets/x.html': 'not a page',
      'sw.js': '',
    });
    expect(builtPages(dir)).toEqual([
      { path: '/', file: 'index.html', hydrates: true },
      { path: '/orders/new', file: 'orders/new.html', hydrates: true },
      { path: '/profile', file: 'profile.html', hydrates: false },
      { path: '/settings', file: 'settings.html', hydrates: true },
    ]);
  });

  it('does not count a page marked with another path as hydrated', () => {
    const dir = build({ 'other.html': '<div id="root" data-prerendered="/"></div>' });
    expect(builtPages(dir)).toEqual([{ path: '/other', file: 'other.html', hydrates: false }]);
  });
});
