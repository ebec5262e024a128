import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTHER_PAGE_CLASS, SIGNED_IN_CLASS, THEME_COLORS, TRANSLATING_CLASS } from '../src/config/constants';
import type { BootStart } from '../src/boot';
import { bootScriptSource, bundleBootScript, firstModules, pageChunkMap, routePath } from './boot-script.mjs';

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

  it("lists what a first visit loads besides the entry: its static imports, then the renderer's own", () => {
    const withRenderer = {
      ...bundle,
      'assets/client.js': chunk('assets/client.js', {
        isDynamicEntry: true,
        facadeModuleId: '/app/node_modules/react-dom/client.js',
        imports: ['assets/index.js', 'assets/scheduler.js'],
      }),
      'assets/scheduler.js': chunk('assets/scheduler.js', {}),
    };
    expect(firstModules(withRenderer as never, '/')).toEqual({
      modules: ['/assets/react-dom.js'],
      renderer: ['/assets/client.js', '/assets/scheduler.js'],
    });
  });

  it("lists each static page's chunk with what it imports, minus what the entry loads", () => {
    expect(pageChunkMap(bundle as never, '/app/src/routes', '/')).toEqual({
      '/settings': ['/assets/primitive.js', '/assets/settings.js', '/assets/switch.js'],
    });
  });
});

describe('the boot script (bundled, as the pages carry it)', () => {
  let bundle = '';
  beforeAll(async () => {
    bundle = await bundleBootScript();
  }, 30_000);

  it('carries the look rules but none of the model or signals code beside them', () => {
    expect(bundle).not.toMatch(/createModel|useSignals|Symbol\.dispose/);
    expect(bundle.length).toBeLessThan(6000);
  });

  const html = document.documentElement;
  let frames: FrameRequestCallback[] = [];
  let paintObservers: ((entries: unknown, observer: { disconnect: () => void }) => void)[] = [];
  let meta: HTMLMetaElement;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 0, 15, 12) });
    frames = [];
    paintObservers = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    // The browser's paint timing: observers hear of the first contentful paint when paint() says so.
    vi.stubGlobal(
      'PerformanceObserver',
      Object.assign(
        vi.fn(function (callback: (typeof paintObservers)[number]) {
          return { observe: () => paintObservers.push(callback), disconnect: () => undefined };
        }),
        { supportedEntryTypes: ['paint'] },
      ),
    );
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = THEME_COLORS['DEFAULT-THEME'];
    document.head.append(meta);
  });
  const takeInput = () => (window as { snxtTakeInput?: () => unknown[] }).snxtTakeInput?.() ?? [];
  afterEach(() => {
    meta.remove();
    localStorage.clear();
    html.className = 'default-theme';
    html.style.fontSize = '';
    html.lang = 'en';
    html.dir = 'ltr';
    window.history.replaceState(null, '', '/');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Runs the inline script as a page would, with `start` as the build gives it; the input it keeps is dropped. */
  const run = (start: Partial<BootStart> = {}, keepInput = false) => {
    new Function(bootScriptSource(bundle, { pages: {}, ...start }))();
    if (!keepInput) takeInput();
  };
  /** Runs it with these stored settings (JSON text) and browser languages. */
  const runWith = (stored: string | null, languages: readonly string[] = ['en-US']) => {
    if (stored !== null) localStorage.setItem('snxt-SETTINGS', stored);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    run();
  };
  /** The first frame, then the first contentful paint, then the task after it. */
  const paint = () => {
    frames.splice(0).forEach((callback) => callback(0));
    const entries = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) };
    paintObservers.splice(0).forEach((callback) => callback(entries, { disconnect: () => undefined }));
    vi.advanceTimersByTime(1);
  };
  /** The preloads the script adds, kept out of the document (happy-dom would fetch them). */
  const recordPreloads = () => {
    const links: HTMLLinkElement[] = [];
    const append = document.head.append.bind(document.head);
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) {
        if (node instanceof HTMLLinkElement && ['preload', 'modulepreload'].includes(node.rel)) links.push(node);
        else append(node);
      }
    });
    return links;
  };
  let links: HTMLLinkElement[];
  beforeEach(() => {
    links = recordPreloads();
  });
  /** Scripts are modulepreloads (compiled as they arrive), translations preloads for fetch(); all in CORS mode. */
  const preloaded = (as: 'script' | 'fetch') =>
    links
      .filter((link) => (as === 'script' ? link.rel === 'modulepreload' : link.rel === 'preload' && link.as === as))
      .map((link) => [link.getAttribute('href'), link.crossOrigin]);
  const preloads = () => preloaded('script').map(([href]) => href);
  const arrive = async (href: string) => {
    links.find((link) => link.getAttribute('href') === href)?.dispatchEvent(new Event('load'));
    await vi.runAllTimersAsync();
  };
  const look = () => ({
    className: html.className,
    lang: html.lang,
    dir: html.dir,
    color: meta.content,
    fontSize: html.style.fontSize,
  });

  it('is one script with no imports, its start data written as JSON', () => {
    expect(bundle).not.toMatch(/^\s*(import|export)\b/m);
    const source = bootScriptSource(bundle, { entry: '/assets/index-a1.js', pages: { '/settings': ['/s.js'] } });
    expect(source).toContain('{"entry":"/assets/index-a1.js","pages":{"/settings":["/s.js"]}}');
  });

  describe('the page before the first paint', () => {
    it('takes the theme, language, direction, browser colour and text size of the stored settings', () => {
      runWith('{"language":"he","theme":"BLACK-THEME","textSize":"larger"}');
      expect(look()).toEqual({
        className: `black-theme ${TRANSLATING_CLASS}`,
        lang: 'he',
        dir: 'rtl',
        color: THEME_COLORS['BLACK-THEME'],
        fontSize: '125%',
      });
    });

    it('sets the root font size as the app does: 112.5% for large, the browser’s own for default', () => {
      runWith('{"textSize":"large"}');
      expect(html.style.fontSize).toBe('112.5%');
      runWith('{"textSize":"default"}');
      expect(html.style.fontSize).toBe('');
    });

    it("starts a first visit in the browser's first language the app has, hiding the English for at most 5 s", () => {
      runWith(null, ['ja', 'pt-BR']);
      expect(look()).toEqual({
        className: `default-theme ${TRANSLATING_CLASS}`,
        lang: 'pt-BR',
        dir: 'ltr',
        color: THEME_COLORS['DEFAULT-THEME'],
        fontSize: '',
      });
      vi.advanceTimersByTime(4999);
      expect(html.classList.contains(TRANSLATING_CLASS)).toBe(true);
      vi.advanceTimersByTime(1);
      expect(html.classList.contains(TRANSLATING_CLASS)).toBe(false);
    });

    it('shows the night theme by the clock with auto night mode, and asks the device nothing', () => {
      const matchMedia = vi.fn(() => ({ matches: true }));
      vi.stubGlobal('matchMedia', matchMedia);
      const stored = '{"theme":"LIGHT-THEME","autoNightMode":true,"nightTheme":"NATURE-THEME"}';
      runWith(stored);
      expect(html.className).toBe('light-theme');
      vi.setSystemTime(new Date(2026, 0, 15, 22));
      runWith(stored);
      expect(html.className).toBe('nature-theme');
      expect(matchMedia).not.toHaveBeenCalled();
    });

    it("follows the device's dark mode with the system source", () => {
      vi.setSystemTime(new Date(2026, 0, 15, 23));
      const stored = '{"theme":"LIGHT-THEME","autoNightMode":true,"nightModeSource":"system"}';
      runWith(stored);
      expect(html.className).toBe('light-theme');
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }));
      runWith(stored);
      expect(html.className).toBe('black-theme');
    });

    it.each([
      'not json {',
      '["BLACK-THEME"]',
      '{"theme":"black-theme","language":"HE","autoNightMode":"true"}',
      '{"__proto__":{"theme":"BLACK-THEME","language":"he"},"language":"__proto__"}',
      '{"constructor":{"prototype":{"theme":"BLACK-THEME"}}}',
      '{"textSize":"125%"}',
      '{"textSize":"LARGER"}',
      '{"textSize":["larger"]}',
      '{"__proto__":{"textSize":"larger"}}',
    ])('leaves an English visitor on the defaults when the stored settings are hostile: %s', (stored) => {
      runWith(stored);
      expect(look()).toEqual({ className: 'default-theme', lang: 'en', dir: 'ltr', color: '#3949ab', fontSize: '' });
      expect(({} as Record<string, unknown>).theme).toBeUndefined();
    });

    it('marks a visitor stored as signed in, so the prerendered Login stays hidden; nothing else counts', () => {
      for (const auth of ['{"isAuthenticated":false}', '{"__proto__":{"isAuthenticated":true}}', 'null', '{']) {
        localStorage.setItem('snxt-AUTH', auth);
        run();
        expect(html.classList.contains(SIGNED_IN_CLASS), auth).toBe(false);
      }
      localStorage.setItem('snxt-AUTH', '{"isAuthenticated":true,"user":{"sub":"someone"}}');
      run();
      expect(html.classList.contains(SIGNED_IN_CLASS)).toBe(true);
    });

    it('hides a page built for another path (a deep link served index.html) until the app renders, at most 5 s', () => {
      vi.useFakeTimers();
      html.dataset.page = '/';
      window.history.replaceState(null, '', '/orders/0b7c2d4e');
      run();
      expect(html.classList.contains(OTHER_PAGE_CLASS)).toBe(true);
      vi.advanceTimersByTime(5000);
      expect(html.classList.contains(OTHER_PAGE_CLASS)).toBe(false);
      for (const [built, path] of [
        ['/settings', '/settings/'],
        ['/', '/'],
      ]) {
        html.dataset.page = built;
        window.history.replaceState(null, '', path);
        run();
        expect(html.classList.contains(OTHER_PAGE_CLASS), path).toBe(false);
      }
      delete html.dataset.page;
      window.history.replaceState(null, '', '/orders/0b7c2d4e');
      run();
      expect(html.classList.contains(OTHER_PAGE_CLASS), 'a page that names no path (dev)').toBe(false);
    });

    it('keeps a click on a button and a change of a select for the app, not a click on a link', () => {
      document.body.innerHTML =
        '<button type="button">Menu</button><select><option>en</option></select><a href="#x">x</a>';
      const heard: string[] = [];
      for (const type of ['click', 'change']) document.body.addEventListener(type, () => heard.push(type));
      run({}, true);
      document.querySelector('button')!.click();
      document.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));
      document.querySelector('a')!.click();
      expect(heard).toEqual(['click']);
      expect(takeInput()).toEqual([
        ['click', document.querySelector('button'), ''],
        ['change', document.querySelector('select'), 'en'],
      ]);
      document.body.innerHTML = '';
    });

    it('survives storage that throws and a browser without a language list', () => {
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new Error('denied');
      });
      expect(() => runWith(null, ['fr'])).not.toThrow();
      expect(html.lang).toBe('fr');
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(undefined as unknown as string[]);
      expect(() => run()).not.toThrow();
      expect(html.lang).toBe('en');
    });
  });

  describe('after the first paint', () => {
    it('waits for the first contentful paint, not only a frame; and starts anyway if none comes', () => {
      run({ manifest: '/manifest.webmanifest' });
      const linked = () => document.head.querySelectorAll('link[rel="manifest"]').length;
      frames.splice(0).forEach((callback) => callback(0));
      vi.advanceTimersByTime(100);
      expect(linked()).toBe(0);
      vi.advanceTimersByTime(2000);
      expect(linked()).toBe(1);
      // Once only, however many signals come.
      paint();
      expect(linked()).toBe(1);
      document.head.querySelector('link[rel="manifest"]')?.remove();
    });

    it("fetches English and the visitor's language once the page has painted", () => {
      localStorage.setItem('snxt-SETTINGS', '{"language":"pt-br"}');
      run({ translations: '/assets/i18n/en.json' });
      expect(preloaded('fetch')).toEqual([]);
      paint();
      expect(preloaded('fetch')).toEqual([
        ['/assets/i18n/en.json', 'anonymous'],
        ['/assets/i18n/pt-br.json', 'anonymous'],
      ]);
    });

    it("fetches the entry, what it imports and the opened page's chunks once the page has painted, not other pages'", () => {
      window.history.replaceState(null, '', '/settings/');
      run({
        entry: '/assets/index.js',
        modules: ['/assets/react-dom.js'],
        pages: { '/settings': ['/assets/settings.js', '/assets/switch.js'], '/about': ['/assets/about.js'] },
      });
      expect(preloads()).toEqual([]);
      paint();
      expect(preloads()).toEqual([
        '/assets/index.js',
        '/assets/react-dom.js',
        '/assets/settings.js',
        '/assets/switch.js',
      ]);
      expect(new Set(preloaded('script').map(([, mode]) => mode))).toEqual(new Set(['anonymous']));
    });

    it('fetches the renderer once the small files are in, so the entry arrives first, even when one fails', async () => {
      window.history.replaceState(null, '', '/settings');
      run({
        entry: '/assets/index.js',
        modules: ['/assets/react-dom.js'],
        renderer: ['/assets/client.js'],
        pages: { '/settings': ['/assets/settings.js'] },
        translations: '/assets/i18n/en.json',
      });
      paint();
      await arrive('/assets/react-dom.js');
      await arrive('/assets/settings.js');
      expect(preloads()).not.toContain('/assets/client.js');
      links.find((link) => link.getAttribute('href') === '/assets/i18n/en.json')?.dispatchEvent(new Event('error'));
      await vi.runAllTimersAsync();
      expect(preloads()).toEqual([
        '/assets/index.js',
        '/assets/react-dom.js',
        '/assets/settings.js',
        '/assets/client.js',
      ]);
    });

    it('links the web manifest only after the first paint', () => {
      run({ manifest: '/manifest.webmanifest' });
      expect(document.head.querySelector('link[rel="manifest"]')).toBeNull();
      paint();
      const link = document.head.querySelector('link[rel="manifest"]');
      expect(link?.getAttribute('href')).toBe('/manifest.webmanifest');
      link?.remove();
    });

    it('preloads no page chunk on a path without one, including inherited object keys', () => {
      window.history.replaceState(null, '', '/constructor');
      run({ pages: { '/settings': ['/assets/settings.js'] } });
      paint();
      expect(preloads()).toEqual([]);
    });

    it('starts at once in a tab that is hidden (it paints nothing until shown)', () => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      run({ manifest: '/manifest.webmanifest' });
      expect(document.head.querySelector('link[rel="manifest"]')).not.toBeNull();
      document.head.querySelector('link[rel="manifest"]')?.remove();
    });

    describe('the locale warm-up worker', () => {
      const started: unknown[] = [];
      beforeEach(() => {
        started.length = 0;
        vi.stubGlobal(
          'Worker',
          vi.fn(function (url: unknown) {
            started.push(url);
          }),
        );
      });

      it('starts after the first paint, from its URL made a script URL by its own Trusted Types policy', () => {
        const policies: Record<string, { createScriptURL: (url: string) => string }> = {};
        vi.stubGlobal('trustedTypes', {
          createPolicy: (name: string, rules: { createScriptURL: (url: string) => string }) => {
            policies[name] = rules;
            return { createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }) };
          },
        });
        run({ intlWarmUp: '/assets/intl-warm-up-a1.js', policy: 'snxt-intl-warm-up' });
        expect(started).toEqual([]);
        paint();
        expect(started).toEqual([{ trusted: '/assets/intl-warm-up-a1.js' }]);
        // The policy turns that one URL into a script URL and refuses any other.
        expect(() => policies['snxt-intl-warm-up']?.createScriptURL('https://evil.test/x.js')).toThrow(TypeError);
      });

      it('leaves the page working when the worker cannot start', () => {
        vi.stubGlobal('trustedTypes', {
          createPolicy: () => {
            throw new TypeError('policy not allowed');
          },
        });
        window.history.replaceState(null, '', '/settings');
        run({ pages: { '/settings': ['/assets/settings.js'] }, intlWarmUp: '/assets/w.js', policy: 'p' });
        expect(paint).not.toThrow();
        expect(started).toEqual([]);
        expect(preloads()).toEqual(['/assets/settings.js']);
      });
    });

    it('reports an entry script that fails to load', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      run({ entry: 'data:text/javascript,throw new Error("the entry fails")' });
      paint();
      vi.useRealTimers();
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Snxt failed to load', expect.anything()), {
        timeout: 5000,
      });
    });
  });
});
