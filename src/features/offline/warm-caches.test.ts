import { describe, expect, it, vi } from 'vitest';
import { warmCaches } from './warm-caches';

const ORIGIN = 'https://app.example';

describe('warmCaches', () => {
  it('requests again each of our files under /assets/ the page loaded, once each', async () => {
    const fetchFile = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve());
    await warmCaches(
      [
        { name: `${ORIGIN}/assets/settings-abc.js` },
        { name: `${ORIGIN}/assets/i18n/de.json` },
        { name: `${ORIGIN}/assets/settings-abc.js` },
        { name: `${ORIGIN}/assets/index-xyz.css` },
      ],
      ORIGIN,
      fetchFile,
    );
    expect(fetchFile.mock.calls.map(([url]) => url)).toEqual([
      `${ORIGIN}/assets/settings-abc.js`,
      `${ORIGIN}/assets/i18n/de.json`,
      `${ORIGIN}/assets/index-xyz.css`,
    ]);
  });

  it('leaves alone the worker, API calls, the sign-in provider, other origins and names that are not URLs', async () => {
    const fetchFile = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve());
    await warmCaches(
      [
        { name: `${ORIGIN}/sw.js` },
        { name: `${ORIGIN}/identity/` },
        { name: `${ORIGIN}/index.html` },
        { name: 'https://idp.example/assets/login.js' },
        { name: `https://app.example.evil.test/assets/x.js` },
        { name: `${ORIGIN.replace('https', 'http')}/assets/x.js` },
        { name: 'not a url' },
        { name: `${ORIGIN}/assetsx/x.js` },
      ],
      ORIGIN,
      fetchFile,
    );
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it('one failed request does not stop the others', async () => {
    const fetchFile = vi.fn((url: string) =>
      url.endsWith('a.js') ? Promise.reject(new Error('offline')) : Promise.resolve(),
    );
    await expect(
      warmCaches([{ name: `${ORIGIN}/assets/a.js` }, { name: `${ORIGIN}/assets/b.js` }], ORIGIN, fetchFile),
    ).resolves.toBeDefined();
    expect(fetchFile).toHaveBeenCalledTimes(2);
  });

  it('spreads many requests over several tasks', async () => {
    const fetchFile = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve());
    const entries = Array.from({ length: 10 }, (_, index) => ({ name: `${ORIGIN}/assets/chunk-${index}.js` }));
    const done = warmCaches(entries, ORIGIN, fetchFile);
    // The first few go out at once, the rest in later tasks.
    expect(fetchFile.mock.calls.length).toBeGreaterThan(0);
    expect(fetchFile.mock.calls.length).toBeLessThan(10);
    await done;
    expect(fetchFile).toHaveBeenCalledTimes(10);
  });
});
