import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot, bootScriptSource, pageChunkMap, routePath } from './boot-script.mjs';

describe('routePath', () => {
  it('maps static route files to their URL path', () => {
    expect(routePath('settings.tsx')).toBe('/settings');
    expect(routePath('index.tsx')).toBe('/');
    expect(routePath('docs.getting-started.tsx')).toBe('/docs/getting-started');
    expect(routePath('docs/index.tsx')).toBe('/docs');
  });

  it('skips routes that match more than one path, layouts and the root', () => {
    for (const file of ['$.tsx', 'users.$id.tsx', '_auth.tsx', '(app)/about.tsx', '__root.tsx']) {
      expect(routePath(file), file).toBeNull();
    }
  });
});

describe('pageChunkMap', () => {
  const chunk = (fileName: string, extra: object) => ({ type: 'chunk', fileName, imports: [], ...extra });
  const bundle = {
    'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/react-dom.js'] }),
    'assets/react-dom.js': chunk('assets/react-dom.js', {}),
    'assets/settings.js': chunk('assets/settings.js', {
      isDynamicEntry: true,
      facadeModuleId: '/app/src/routes/settings.tsx?tsr-split=component',
      imports: ['assets/switch.js', 'assets/react-dom.js'],
    }),
    'assets/switch.js': chunk('assets/switch.js', { imports: ['assets/primitive.js'] }),
    'assets/primitive.js': chunk('assets/primitive.js', {}),
    'assets/not-found.js': chunk('assets/not-found.js', {
      isDynamicEntry: true,
      facadeModuleId: '/app/src/routes/$.tsx?tsr-split=component',
    }),
    'assets/toaster.js': chunk('assets/toaster.js', {
      isDynamicEntry: true,
      facadeModuleId: '/app/src/app/app-toaster.tsx',
    }),
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
  };

  it("lists each static page's chunk with what it imports, minus what the entry loads", () => {
    expect(pageChunkMap(bundle as never, '/app/src/routes', '/')).toEqual({
      '/settings': ['/assets/primitive.js', '/assets/settings.js', '/assets/switch.js'],
    });
  });
});

describe('boot (the inline script)', () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    window.history.replaceState(null, '', '/');
  });

  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );

  it("starts loading the opened page's chunks, and only that page's", () => {
    window.history.replaceState(null, '', '/settings/');
    boot({ '/settings': ['/assets/settings.js', '/assets/switch.js'], '/about': ['/assets/about.js'] });
    expect(preloads()).toEqual(['/assets/settings.js', '/assets/switch.js']);
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('preloads nothing on a path without a page chunk, including inherited object keys', () => {
    window.history.replaceState(null, '', '/constructor');
    boot({ '/settings': ['/assets/settings.js'] });
    expect(preloads()).toEqual([]);
  });

  it('loads the locale data in a task of its own', () => {
    vi.useFakeTimers();
    const warmUp = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    boot({});
    expect(warmUp).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(warmUp).toHaveBeenCalledWith('en');
    vi.useRealTimers();
  });

  it('is inlined as a self-contained script', () => {
    window.history.replaceState(null, '', '/settings');
    new Function(bootScriptSource({ '/settings': ['/assets/settings.js'] }))();
    expect(preloads()).toEqual(['/assets/settings.js']);
  });
});
