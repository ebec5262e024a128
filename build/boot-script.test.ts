import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_COLORS, TRANSLATING_CLASS } from '../src/config/constants';
import { htmlLang, languageDirection, preferredLanguage } from '../src/i18n/languages';
import { DEFAULT_SETTINGS, effectiveTheme, sanitizeSettings } from '../src/state/settings-fields';
import { BOOT_DATA } from './boot-data';
import { boot, bootLook, bootScriptSource, pageChunkMap, routePath } from './boot-script.mjs';

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
  let frames: FrameRequestCallback[] = [];
  let paintObservers: ((entries: unknown, observer: { disconnect: () => void }) => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
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
  });
  afterEach(() => {
    document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]').forEach((link) => link.remove());
    window.history.replaceState(null, '', '/');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The first frame, then the first contentful paint, then the task after it. */
  const paint = () => {
    frames.splice(0).forEach((callback) => callback(0));
    const entries = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) };
    paintObservers.splice(0).forEach((callback) => callback(entries, { disconnect: () => undefined }));
    vi.advanceTimersByTime(1);
  };
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
  /** The fetch preloads boot adds, kept out of the document (happy-dom would fetch them). */
  const recordFetchPreloads = () => {
    const links: HTMLLinkElement[] = [];
    const append = document.head.append.bind(document.head);
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) {
        if (node instanceof HTMLLinkElement && node.rel === 'preload') links.push(node);
        else append(node);
      }
    });
    return () => links.map((link) => [link.getAttribute('href'), link.as, link.crossOrigin]);
  };

  it('waits for the first contentful paint, not only a frame; and starts anyway if none comes', () => {
    window.history.replaceState(null, '', '/settings');
    boot({ pages: { '/settings': ['/assets/settings.js'] } });
    frames.splice(0).forEach((callback) => callback(0));
    vi.advanceTimersByTime(100);
    expect(preloads()).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(preloads()).toEqual(['/assets/settings.js']);
    // Once only, however many signals come.
    paint();
    expect(preloads()).toEqual(['/assets/settings.js']);
  });

  it("preloads English and the visitor's language with the entry, after the first paint", () => {
    localStorage.setItem('snxt-SETTINGS', '{"language":"pt-br"}');
    const fetchPreloads = recordFetchPreloads();
    try {
      boot({ pages: {}, translations: '/assets/i18n/en.json' }, bootLook, BOOT_DATA);
      // Their text is hidden until translated, so no contentful paint: the first frame is the signal.
      expect(fetchPreloads()).toEqual([]);
      frames.splice(0).forEach((callback) => callback(0));
      vi.advanceTimersByTime(1);
      expect(fetchPreloads()).toEqual([
        ['/assets/i18n/en.json', 'fetch', 'anonymous'],
        ['/assets/i18n/pt-br.json', 'fetch', 'anonymous'],
      ]);
    } finally {
      localStorage.clear();
      document.documentElement.className = 'default-theme';
      document.documentElement.lang = 'en';
    }
  });

  it("starts loading the opened page's chunks after the first paint, and only that page's", () => {
    window.history.replaceState(null, '', '/settings/');
    boot({ pages: { '/settings': ['/assets/settings.js', '/assets/switch.js'], '/about': ['/assets/about.js'] } });
    expect(preloads()).toEqual([]);
    paint();
    expect(preloads()).toEqual(['/assets/settings.js', '/assets/switch.js']);
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('preloads nothing on a path without a page chunk, including inherited object keys', () => {
    window.history.replaceState(null, '', '/constructor');
    boot({ pages: { '/settings': ['/assets/settings.js'] } });
    paint();
    expect(preloads()).toEqual([]);
  });

  it('starts at once in a tab that is hidden (it paints nothing until shown)', () => {
    window.history.replaceState(null, '', '/settings');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    boot({ pages: { '/settings': ['/assets/settings.js'] } });
    expect(preloads()).toEqual(['/assets/settings.js']);
  });

  describe('the locale warm-up worker', () => {
    const started: unknown[] = [];
    beforeEach(() => {
      started.length = 0;
      // A constructor that records the URL each worker is started with.
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
      boot({ pages: {}, intlWarmUp: '/assets/intl-warm-up-a1.js', policy: 'snxt-intl-warm-up' });
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
      boot({ pages: { '/settings': ['/assets/settings.js'] }, intlWarmUp: '/assets/w.js', policy: 'p' });
      expect(paint).not.toThrow();
      expect(started).toEqual([]);
      expect(preloads()).toEqual(['/assets/settings.js']);
    });
  });

  it('reports an entry script that fails to load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    boot({ pages: {}, entry: 'data:text/javascript,throw new Error("the entry fails")' });
    paint();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Snxt failed to load', expect.anything()), {
      timeout: 5000,
    });
  });

  it('is inlined as a self-contained script', () => {
    window.history.replaceState(null, '', '/settings');
    new Function(bootScriptSource({ pages: { '/settings': ['/assets/settings.js'] } }))();
    paint();
    expect(preloads()).toEqual(['/assets/settings.js']);
  });
});

/** What the app itself makes of the same inputs once it runs (settings model, i18n model). */
function appLook(stored: string | null, languages: readonly string[], hour: number, systemDark: boolean) {
  let parsed: unknown;
  try {
    parsed = stored === null ? undefined : JSON.parse(stored);
  } catch {
    parsed = undefined;
  }
  const defaults = { ...DEFAULT_SETTINGS, language: preferredLanguage(languages) };
  const settings = sanitizeSettings(parsed, defaults).value;
  const theme = effectiveTheme(settings, { hour: () => hour, dark: () => systemDark });
  return {
    language: settings.language,
    themeClass: theme.toLowerCase(),
    themeColor: THEME_COLORS[theme],
    lang: htmlLang(settings.language),
    dir: languageDirection(settings.language),
    translating: settings.language !== 'en',
  };
}

describe('bootLook (what the page looks like before the app runs)', () => {
  const stored: (string | null)[] = [
    null,
    '',
    'not json {',
    'null',
    '42',
    '"BLACK-THEME"',
    '[]',
    '["BLACK-THEME"]',
    '{"theme":"BLACK-THEME"}',
    '{"theme":"black-theme"}',
    '{"theme":"NO-THEME","language":"de"}',
    '{"theme":["BLACK-THEME"]}',
    '{"__proto__":{"theme":"BLACK-THEME","language":"he"}}',
    '{"constructor":{"prototype":{"theme":"BLACK-THEME"}}}',
    '{"language":"__proto__"}',
    '{"language":"constructor"}',
    '{"language":"HE"}',
    '{"language":"he"}',
    '{"language":"pt-br","theme":"NATURE-THEME"}',
    '{"language":"zh-cn","theme":"LIGHT-THEME"}',
    '{"autoNightMode":true}',
    '{"autoNightMode":"true","nightTheme":"NATURE-THEME"}',
    '{"autoNightMode":true,"nightTheme":"NATURE-THEME"}',
    '{"autoNightMode":true,"nightTheme":"NATURE-THEME","nightModeSource":"system"}',
    '{"autoNightMode":true,"nightTheme":"LIGHT-THEME","nightModeSource":"SYSTEM"}',
    '{"autoNightMode":true,"nightTheme":"nope","theme":"LIGHT-THEME"}',
    '{"autoNightMode":false,"nightModeSource":"system","theme":"BLACK-THEME"}',
  ];
  const languageLists: string[][] = [
    [],
    ['de-AT', 'en'],
    ['iw'],
    ['pt'],
    ['zh-Hans-CN'],
    ['__proto__', 'xx', 'fr'],
    ['es_MX'],
    [' HE '],
  ];
  const moments: [number, boolean][] = [
    [12, false],
    [12, true],
    [21, false],
    [7, true],
    [8, false],
  ];

  it('agrees with the app on every stored value, visitor language, hour and dark mode', () => {
    for (const text of stored) {
      for (const languages of languageLists) {
        for (const [hour, dark] of moments) {
          const label = `${text} ${languages.join(',')} ${hour}h dark=${dark}`;
          expect(
            bootLook(
              text,
              languages,
              () => hour,
              () => dark,
              BOOT_DATA,
            ),
            label,
          ).toEqual(appLook(text, languages, hour, dark));
        }
      }
    }
  });

  it('never throws, whatever is stored or offered as languages', () => {
    const weird = [undefined, 42, {}, [null], ['x', 7, null]] as unknown as string[][];
    for (const languages of weird) {
      expect(() =>
        bootLook(
          '{"language":{"toString":1}}',
          languages,
          () => 3,
          () => false,
          BOOT_DATA,
        ),
      ).not.toThrow();
    }
  });
});

describe('boot: the page before first paint', () => {
  const html = document.documentElement;
  let meta: HTMLMetaElement;
  afterEach(() => {
    localStorage.clear();
    html.className = 'default-theme';
    html.lang = 'en';
    html.dir = 'ltr';
    meta.remove();
    vi.useRealTimers();
  });

  function start(stored: string | null, languages = ['en-US']) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#3949ab';
    document.head.append(meta);
    if (stored !== null) localStorage.setItem('snxt-SETTINGS', stored);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    boot({ pages: {} }, bootLook, BOOT_DATA);
  }

  it('sets the theme class, lang, dir and browser colour of a stored Hebrew black-theme visitor', () => {
    start('{"language":"he","theme":"BLACK-THEME"}');
    expect(html.className).toBe(`black-theme ${TRANSLATING_CLASS}`);
    expect([html.lang, html.dir]).toEqual(['he', 'rtl']);
    expect(meta.content).toBe(THEME_COLORS['BLACK-THEME']);
  });

  it('hides the prerendered English only for another language, and not for ever', () => {
    vi.useFakeTimers();
    start(null, ['de-DE']);
    expect(html.classList.contains(TRANSLATING_CLASS)).toBe(true);
    expect(html.lang).toBe('de');
    vi.advanceTimersByTime(BOOT_DATA.revealAfterMs);
    expect(html.classList.contains(TRANSLATING_CLASS)).toBe(false);
  });

  it('leaves an English visitor with broken storage on the defaults', () => {
    start('{"theme":');
    expect(html.className).toBe('default-theme');
    expect([html.lang, html.dir]).toEqual(['en', 'ltr']);
  });

  it('survives storage that throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(() => start(null, ['fr'])).not.toThrow();
    expect(html.lang).toBe('fr');
  });
});
