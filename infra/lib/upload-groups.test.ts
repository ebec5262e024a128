import { describe, expect, it } from 'vitest';
import { uploadGroups } from './upload-groups.ts';

const FILES = [
  'index.html',
  'settings.html',
  'assets/index-AbC123.js',
  'assets/index-Xyz789.css',
  'assets/i18n/en.json',
  'assets/icons/home.svg',
  'sw.js',
  'workbox-4a5b6c.js',
  'manifest.webmanifest',
  'favicon.svg',
  'robots.txt',
  'icons/icon-192.png',
];
const IMMUTABLE = 'public, max-age=31536000, immutable';

function metadataOf(file: string) {
  const groups = uploadGroups(FILES).filter((group) => group.files.includes(file));
  expect(groups.length, file).toBe(1);
  return { cacheControl: groups[0]!.cacheControl, contentType: groups[0]!.contentType };
}

describe('the upload of a build', () => {
  it('puts every file in exactly one group', () => {
    expect(
      uploadGroups(FILES)
        .flatMap((group) => group.files)
        .sort(),
    ).toEqual([...FILES].sort());
  });

  it('keeps hashed files a year, and revalidates pages, the worker, the manifest, translations and icons', () => {
    expect(metadataOf('assets/index-AbC123.js').cacheControl).toBe(IMMUTABLE);
    expect(metadataOf('assets/index-Xyz789.css').cacheControl).toBe(IMMUTABLE);
    for (const file of FILES.filter((name) => !/index-\w+\.(js|css)$/.test(name))) {
      expect(metadataOf(file).cacheControl, file).toBe('no-cache');
    }
  });

  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/index-AbC123.js', 'text/javascript; charset=utf-8'],
    ['sw.js', 'text/javascript; charset=utf-8'],
    ['assets/index-Xyz789.css', 'text/css; charset=utf-8'],
    ['assets/i18n/en.json', 'application/json; charset=utf-8'],
    ['assets/icons/home.svg', 'image/svg+xml'],
    ['manifest.webmanifest', 'application/manifest+json'],
    ['robots.txt', 'text/plain; charset=utf-8'],
    ['icons/icon-192.png', 'image/png'],
  ])('sends %s as %s', (file, contentType) => expect(metadataOf(file).contentType).toBe(contentType));

  it('refuses a file whose content type it does not know, naming it', () => {
    expect(() => uploadGroups([...FILES, 'assets/font-AbC.ttf'])).toThrow(/assets\/font-AbC\.ttf.*"\.ttf"/);
    expect(() => uploadGroups([...FILES, 'LICENSE'])).toThrow(/LICENSE: no content type/);
  });

  it.each(['assets/a*.js', 'assets/[a].js', 'assets/a?.js'])(
    'refuses %s, whose name an upload filter would read as a pattern',
    (file) => expect(() => uploadGroups([file])).toThrow(/cannot be uploaded by name/),
  );
});
