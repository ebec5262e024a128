// @vitest-environment jsdom
// DOMPurify needs a DOM that parses and walks trees as browsers do; happy-dom's parser and NodeIterator differ.
import { describe, expect, it, vi } from 'vitest';
import { createIconCache } from './icon-cache';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>';

describe('icon cache', () => {
  it('fetches each file once, shared by concurrent users', async () => {
    const fetchText = vi.fn(async () => SVG);
    const cache = createIconCache(fetchText);
    const [a, b] = await Promise.all([cache.load('home'), cache.load('home')]);
    await cache.load('home');
    expect(fetchText).toHaveBeenCalledTimes(1);
    expect(fetchText).toHaveBeenCalledWith('/assets/icons/home.svg');
    expect(a).toBe(b);
    expect(cache.peek('home')).toBe(a);
    await cache.load('info');
    expect(fetchText).toHaveBeenCalledTimes(2);
  });

  it('retries a file whose load failed', async () => {
    const fetchText = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(SVG);
    const cache = createIconCache(fetchText);
    await expect(cache.load('home')).rejects.toThrow('offline');
    await expect(cache.load('home')).resolves.toBeInstanceOf(SVGSVGElement);
    expect(fetchText).toHaveBeenCalledTimes(2);
  });

  it.each(['../secret', 'Home', 'a/b', 'x.svg', '', 'https://evil.test/x'])('refuses the name %j', async (name) => {
    const fetchText = vi.fn(async () => SVG);
    await expect(createIconCache(fetchText).load(name)).rejects.toThrow('Invalid icon name');
    expect(fetchText).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an SVG, and tries it again next time', async () => {
    const fetchText = vi
      .fn()
      .mockResolvedValueOnce('<!doctype html><html><body>app</body></html>')
      .mockResolvedValue(SVG);
    const cache = createIconCache(fetchText);
    await expect(cache.load('home')).rejects.toThrow('not an SVG');
    expect(cache.peek('home')).toBeUndefined();
    const svg = await cache.load('home');
    expect(svg.querySelector('path')?.getAttribute('d')).toBe('M0 0h24v24H0z');
    expect(cache.peek('home')).toBe(svg);
  });
});
