import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** What the app itself makes of the same inputs once it runs (settings model, i18n model). */
function appLook(stored: string | null, languages: readonly string[], hour: number, systemDark: boolean) {
  let parsed: unknown;
  try {
    parsed = stored === null ? undefined : JSON.parse(stored);
  } catch {
    parsed = undefined;
  }
  const defaults = { ...DEFAULT_SETTINGS, language: preferredLanguage(languages) };
  const settings = { ...sanitizeSettings(parsed, defaults).settings, hour };
  const theme = effectiveTheme(settings, systemDark);
  return {
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
          expect(bootLook(text, languages, hour, dark, BOOT_DATA), label).toEqual(appLook(text, languages, hour, dark));
        }
      }
    }
  });

  it('never throws, whatever is stored or offered as languages', () => {
    const weird = [undefined, 42, {}, [null], ['x', 7, null]] as unknown as string[][];
    for (const languages of weird) {
      expect(() => bootLook('{"language":{"toString":1}}', languages, 3, false, BOOT_DATA)).not.toThrow();
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
    boot({}, bootLook, BOOT_DATA);
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
