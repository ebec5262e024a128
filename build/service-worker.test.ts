// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadOnly, manifestIconPaths, referencedPaths } from './service-worker.mjs';

function build(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'snxt-sw-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const entry = (url: string) => ({ url, revision: url.startsWith('assets/') ? null : 'r1', size: 1 });

describe('the precache list', () => {
  it('holds every page, what the pages reference, the manifest’s icons and the app’s icons; no lazy chunk, no language', async () => {
    const dir = build({
      'index.html':
        '<link rel="manifest" href="/manifest.webmanifest"><link rel="icon" href="/favicon.svg"><script>(function boot(){})({"entry":"/assets/index-a1.js","pages":{"/profile":["/assets/profile-g7.js"]},"intlWarmUp":"/assets/intl-warm-up-f6.js","policy":"p"})</script><link rel="modulepreload" href="/assets/constants-b2.js"><link rel="stylesheet" href="/assets/index-c3.css"><link rel="preload" href="/assets/i18n/en.json">',
      'settings.html':
        '<script type="module" src="/assets/index-a1.js"></script><link rel="modulepreload" href="/assets/settings-d4.js">',
      'manifest.webmanifest': JSON.stringify({
        icons: [{ src: '/icons/icon-192.png' }, { src: 'https://evil.test/x.png' }],
      }),
    });
    const files = [
      'index.html',
      'settings.html',
      'manifest.webmanifest',
      'favicon.svg',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'assets/index-a1.js',
      'assets/constants-b2.js',
      'assets/index-c3.css',
      'assets/settings-d4.js',
      'assets/user-menu-e5.js',
      'assets/profile-g7.js',
      'assets/intl-warm-up-f6.js',
      'assets/icons/home.svg',
    ];
    const { manifest } = await firstLoadOnly(() => dir)(files.map(entry));
    expect(manifest.map((item) => item.url).sort()).toEqual(
      [
        'index.html?offline',
        'settings.html?offline',
        'manifest.webmanifest',
        'favicon.svg',
        'icons/icon-192.png',
        'assets/index-a1.js',
        'assets/constants-b2.js',
        'assets/index-c3.css',
        'assets/settings-d4.js',
        'assets/intl-warm-up-f6.js',
        'assets/icons/home.svg',
      ].sort(),
    );
  });

  it('keeps the pages under ?offline only, so the precache never answers a navigation (they go to the network first)', async () => {
    const dir = build({ 'index.html': '' });
    const { manifest } = await firstLoadOnly(() => dir)([entry('index.html')]);
    expect(manifest).toEqual([{ ...entry('index.html'), url: 'index.html?offline' }]);
  });

  it('reads only same-origin paths from a page, never other origins', () => {
    expect(
      referencedPaths(
        '<script src="https://evil.test/a.js"></script><script src="//evil.test/b.js"></script><img src="/ok.png?v=1">' +
          '<script>boot({"entry":"//evil.test/c.js","intlWarmUp":"https://evil.test/d.js"})</script>',
      ),
    ).toEqual(['/ok.png']);
  });

  it('reads a broken manifest as no icons', () => {
    expect(manifestIconPaths('{not json')).toEqual([]);
    expect(manifestIconPaths('{"icons": "nope"}')).toEqual([]);
    expect(manifestIconPaths('{"icons": [{"src": 5}, null, {"src": "/a.png"}]}')).toEqual(['/a.png']);
  });
});
