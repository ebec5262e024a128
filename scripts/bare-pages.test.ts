// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { bareCopy, withoutInline } from './bare-pages.mjs';

const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><script>boot()</script>' +
  '<script type="module" src="/assets/entry.js"></script><style>body{color:red}</style>' +
  '<script type="application/ld+json">{}</script></head><body><p>Hello</p><script>late()</script></body></html>';

describe('withoutInline', () => {
  it('drops only the inline scripts, and keeps scripts with a source or a type and the markup', () => {
    const html = withoutInline(PAGE, ['script']);
    expect(html).not.toContain('boot()');
    expect(html).not.toContain('late()');
    expect(html).toContain('<script type="module" src="/assets/entry.js"></script>');
    expect(html).toContain('application/ld+json');
    expect(html).toContain('<style>body{color:red}</style><script type');
    expect(html).toContain('<p>Hello</p>');
  });

  it('drops the inline style too when asked, and leaves a page without them as it was', () => {
    expect(withoutInline(PAGE, ['script', 'style'])).not.toContain('<style>');
    expect(withoutInline('<p>plain</p>', ['script', 'style'])).toBe('<p>plain</p>');
  });

  it('refuses anything but script and style', () => {
    expect(() => withoutInline(PAGE, ['body'])).toThrow(/script, style/);
  });
});

describe('bareCopy', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("copies a build with its pages' inline scripts gone, the compressed copies written again from the bare page or gone", () => {
    dir = mkdtempSync(join(tmpdir(), 'snxt-bare-test-'));
    const build = join(dir, 'dist');
    mkdirSync(join(build, 'assets'), { recursive: true });
    writeFileSync(join(build, 'index.html'), PAGE + ' '.repeat(2000));
    writeFileSync(join(build, 'index.html.br'), 'stale');
    writeFileSync(join(build, 'settings.html'), PAGE);
    writeFileSync(join(build, 'settings.html.br'), 'stale');
    writeFileSync(join(build, 'assets', 'entry.js'), '<script>boot()</script>');
    const bare = bareCopy(build, ['script']);
    try {
      const page = readFileSync(join(bare, 'index.html'), 'utf8');
      expect(page).not.toContain('boot()');
      expect(brotliDecompressSync(readFileSync(join(bare, 'index.html.br'))).toString()).toBe(page);
      expect(existsSync(join(bare, 'settings.html.br'))).toBe(false);
      expect(readFileSync(join(bare, 'assets', 'entry.js'), 'utf8')).toBe('<script>boot()</script>');
      expect(readFileSync(join(build, 'index.html'), 'utf8')).toContain('boot()');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
    expect(existsSync(bare)).toBe(false);
  });
});
