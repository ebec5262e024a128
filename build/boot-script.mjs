// The one inline script of the built pages. It runs before the first paint:
//  - the page looks as the visitor left it: theme class (night mode included), `lang`, `dir` and
//    the browser's UI colour from the stored settings (`snxt-SETTINGS`) or, on a first visit, the
//    browser's languages; for another language than English the prerendered English text is
//    hidden (the translating class) until the app shows the visitor's language;
//  - after the first contentful paint it imports the entry script (a page readable from its HTML
//    waits for no script: a phone paints before it downloads 100 KB), preloads the page chunk of
//    the URL being opened (e.g. /settings) and the translations next to it, and builds the
//    browser's locale data in a worker, off the main thread (INTL_WARM_UP_SOURCE).
// The CSP allows it by its hash (build/security-headers.mjs reads it from the built pages).
import { relative, sep } from 'node:path';

/**
 * What the page looks like before the app runs, by the app's rules (settings-fields.ts, i18n/languages.ts;
 * the unit test holds them together). Runs in the page: kept free of outside names, never throws.
 * @param {string | null} storedText the stored settings' JSON
 * @param {readonly string[]} languages the browser's languages
 * @param {() => number} hour the clock's hour (asked only when night mode goes by the hours)
 * @param {() => boolean} systemDark whether the device is in dark mode (asked only when night mode follows it)
 * @param {import('./boot-data').BootData} data
 */
export function bootLook(storedText, languages, hour, systemDark, data) {
  let stored;
  try {
    stored = storedText === null ? undefined : JSON.parse(storedText);
  } catch {
    stored = undefined;
  }
  const record = typeof stored === 'object' && stored !== null && !Array.isArray(stored);
  // Own fields only: nothing is read through a prototype.
  const field = (name) => (record ? Object.getOwnPropertyDescriptor(stored, name)?.value : undefined);
  const oneOf = (value, values, fallback) => (values.includes(value) ? value : fallback);
  const has = (map, key) => Object.prototype.hasOwnProperty.call(map, key);

  let preferred = data.defaultLanguage;
  for (const tag of Array.isArray(languages) ? languages : []) {
    if (typeof tag !== 'string') continue;
    const lower = tag.trim().toLowerCase();
    const primary = lower.split(/[-_]/)[0];
    const found = data.languages.includes(lower)
      ? lower
      : data.languages.includes(primary)
        ? primary
        : has(data.languageAliases, primary)
          ? data.languageAliases[primary]
          : undefined;
    if (found) {
      preferred = found;
      break;
    }
  }
  const language = oneOf(field('language'), data.languages, preferred);
  const theme = oneOf(field('theme'), data.themes, data.defaults.theme);
  const nightTheme = oneOf(field('nightTheme'), data.themes, data.defaults.nightTheme);
  const autoNightMode =
    typeof field('autoNightMode') === 'boolean' ? field('autoNightMode') : data.defaults.autoNightMode;
  const source = oneOf(field('nightModeSource'), data.nightModeSources, data.defaults.nightModeSource);
  // Reading the clock's local hour or the media query costs time before the first paint: only when needed.
  const night =
    autoNightMode &&
    (source === 'system' ? systemDark() : hour() >= data.nightStartHour || hour() <= data.nightEndHour);
  const shown = autoNightMode && night ? nightTheme : theme;
  return {
    language,
    themeClass: shown.toLowerCase(),
    themeColor: data.themeColors[shown],
    lang: language.replace(/-([a-z]+)$/, (_, region) => `-${region.toUpperCase()}`),
    dir: data.rtlLanguages.includes(language) ? 'rtl' : 'ltr',
    translating: language !== data.defaultLanguage,
  };
}

/**
 * Runs in the page, as the inline script. Kept free of outside names: it is inlined as its source.
 * @param {BootStart} start what to start after the first paint
 * @param {typeof bootLook} [look] the page's look, when the page is to be set up
 * @param {import('./boot-data').BootData} [data]
 */
export function boot(start, look, data) {
  let language = null;
  let translating = false;
  if (look && data) {
    try {
      let stored = null;
      try {
        stored = localStorage.getItem(data.settingsKey);
      } catch {
        // No storage (blocked, private mode): the defaults, as the app will find.
      }
      const dark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
      const page = look(stored, navigator.languages, () => new Date().getHours(), dark, data);
      const html = document.documentElement;
      html.classList.remove(...data.themes.map((theme) => theme.toLowerCase()));
      html.classList.add(page.themeClass);
      html.lang = page.lang;
      html.dir = page.dir;
      document.querySelector('meta[name="theme-color"]')?.setAttribute('content', page.themeColor);
      language = page.language;
      translating = page.translating;
      if (page.translating) {
        html.classList.add(data.translatingClass);
        setTimeout(() => html.classList.remove(data.translatingClass), data.revealAfterMs);
      }
    } catch {
      // The page as built (default theme, English) is still a page; the app corrects it when it runs.
    }
  }
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const chunks = Object.hasOwn(start.pages, path) ? start.pages[path] : [];
  const preload = (href, as) => {
    const link = document.createElement('link');
    link.rel = as === 'module' ? 'modulepreload' : 'preload';
    if (as !== 'module') link.as = as;
    // The app fetches both in CORS mode (module scripts, and fetch() of translations).
    link.crossOrigin = as === 'module' ? '' : 'anonymous';
    link.href = href;
    document.head.append(link);
  };
  let begun = false;
  const begin = () => {
    if (begun) return;
    begun = true;
    for (const href of chunks) preload(href, 'module');
    if (start.renderer) preload(start.renderer, 'module');
    if (start.manifest) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = start.manifest;
      document.head.append(link);
    }
    if (start.translations) {
      // English is what the prerendered page is hydrated with; the visitor's language follows it.
      preload(start.translations, 'fetch');
      if (language && language !== 'en') preload(start.translations.replace(/en\.json$/, `${language}.json`), 'fetch');
    }
    if (start.entry) {
      import(start.entry).catch((error) => console.error('Snxt failed to load', error));
    }
    if (start.intlWarmUp && typeof Worker === 'function') {
      try {
        // Trusted Types: this URL, and no other, may start a worker.
        const policy = globalThis.trustedTypes?.createPolicy(start.policy, {
          createScriptURL: (url) => {
            if (url !== start.intlWarmUp) throw new TypeError(`Not the locale warm-up: ${url}`);
            return url;
          },
        });
        new Worker(policy ? policy.createScriptURL(start.intlWarmUp) : start.intlWarmUp);
      } catch {
        // The app then builds the locale data itself, on the main thread, when it first needs it.
      }
    }
  };
  // After the first contentful paint: the prerendered page waits for none of it. A hidden tab
  // paints nothing until it is shown, so the app starts there at once; a page whose text waits
  // for its translation (translating) paints no text, so it starts after the first frame.
  const paintTimingKnown =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') begin();
  else if (translating || !paintTimingKnown) requestAnimationFrame(() => setTimeout(begin));
  else {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(begin);
    }).observe({ type: 'paint', buffered: true });
    // A paint that never comes (a tab hidden meanwhile) does not keep the app from starting.
    setTimeout(begin, start.startAfterMs ?? 2000);
  }
}

/**
 * @typedef {object} BootStart
 * @property {string} [entry] the entry script's URL, imported after the first paint
 * @property {Record<string, string[]>} pages URL path → the page's chunk URLs, preloaded with the entry
 * @property {string} [renderer] React DOM's renderer, a first-load chunk the entry imports at once
 * @property {string} [manifest] the web manifest's URL: linked after the first paint, since the
 *   browser fetches it at once and it is only needed to install the app
 * @property {string} [translations] English's translation file (`…/en.json`); the visitor's is next to it
 * @property {number} [startAfterMs] start even without a first contentful paint after this long
 * @property {string} [intlWarmUp] the locale warm-up worker's URL
 * @property {string} [policy] the Trusted Types policy that may start that worker
 */

/**
 * The inline script's source.
 * @param {BootStart} start
 * @param {import('./boot-data').BootData} [data]
 */
export function bootScriptSource(start, data) {
  const look = data ? `,${bootLook.toString()},${JSON.stringify(data)}` : '';
  return `(${boot.toString()})(${JSON.stringify(start)}${look});`;
}

/**
 * The locale warm-up, run in a worker: V8 builds the sets of locales `Intl.NumberFormat` and
 * `Intl.DateTimeFormat` support once per process, on the first call from any thread, and that
 * first call costs 30–100 ms. Made here, off the main thread, while the entry script downloads,
 * react-intl's own calls at start-up find them ready.
 */
export const INTL_WARM_UP_SOURCE =
  "Intl.NumberFormat.supportedLocalesOf('en');Intl.DateTimeFormat.supportedLocalesOf('en');close();\n";

/**
 * The URL path of a file route (TanStack Router's flat file naming), or null for routes that match
 * more than one path (`$param`, splats), layouts (`_x`, `(group)`) and the root.
 * @param {string} file path of the route file inside the routes folder, e.g. `settings.tsx`
 */
export function routePath(file) {
  const name = file
    .replace(/\.[jt]sx?$/, '')
    .split(/[/\\.]/)
    .filter((segment) => segment !== 'index');
  if (name.some((segment) => /^[$_(]/.test(segment) || segment === '__root')) return null;
  return `/${name.join('/')}`;
}

/**
 * URL path → chunk URLs of that route's lazy page, with the chunks they import, minus what the
 * entry already loads.
 * @param {import('rollup').OutputBundle} bundle
 * @param {string} routesDir absolute path of src/routes
 * @param {string} base the build's base URL
 */
export function pageChunkMap(bundle, routesDir, base = '/') {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName, seen = new Set()) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const loadedFirst = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk.fileName)]));
  const map = {};
  for (const chunk of chunks) {
    const moduleId = chunk.facadeModuleId?.split('?')[0];
    if (!chunk.isDynamicEntry || !moduleId) continue;
    const file = relative(routesDir, moduleId);
    if (file.startsWith('..') || file.startsWith(sep)) continue;
    const path = routePath(file);
    if (!path) continue;
    const files = [...closure(chunk.fileName)].filter((name) => !loadedFirst.has(name));
    map[path] = [...new Set([...(map[path] ?? []), ...files.map((name) => `${base}${name}`)])].sort();
  }
  return map;
}

/**
 * Vite plugin: puts the boot script into the built index.html, just before `</head>`, in place of
 * the entry `<script>` tag (the boot script imports the entry after the first paint), and emits the
 * locale warm-up worker.
 * @param {string} routesDir absolute path of src/routes
 * @param {import('./boot-data').BootData} data the app's facts (build/boot-data.ts)
 * @param {string} policy the Trusted Types policy name for the warm-up worker
 * @returns {import('vite').Plugin}
 */
export function bootScriptPlugin(routesDir, data, policy) {
  let base = '/';
  return {
    name: 'snxt-boot-script',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'asset', name: 'intl-warm-up.js', source: INTL_WARM_UP_SOURCE });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const entryTag = /\n?\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entryTag) throw new Error('index.html has no entry <script type="module" crossorigin src="…">');
        const warmUp = Object.values(context.bundle).find(
          (item) => item.type === 'asset' && (item.names ?? [item.name]).includes('intl-warm-up.js'),
        );
        // The translations are preloaded with the entry, after the first paint, not before it.
        const translationsTag = /\n?\s*<link rel="preload" href="([^"]+\/en\.json)"[^>]*>/.exec(html);
        const manifestTag = /\n?\s*<link rel="manifest" href="([^"]+)"[^>]*>/.exec(html);
        const renderer = Object.values(context.bundle).find(
          (item) => item.type === 'chunk' && /[\\/]react-dom[\\/]client\.js$/.test(item.facadeModuleId ?? ''),
        );
        const start = {
          entry: entryTag[1],
          ...(renderer ? { renderer: `${base}${renderer.fileName}` } : {}),
          ...(translationsTag ? { translations: translationsTag[1] } : {}),
          ...(manifestTag ? { manifest: manifestTag[1] } : {}),
          pages: pageChunkMap(context.bundle, routesDir, base),
          ...(warmUp ? { intlWarmUp: `${base}${warmUp.fileName}`, policy } : {}),
        };
        return html
          .replace(entryTag[0], '')
          .replace(translationsTag?.[0] ?? '', '')
          .replace(manifestTag?.[0] ?? '', '')
          .replace(
            /\n(\s*)<\/head>/,
            (_match, indent) => `\n${indent}  <script>${bootScriptSource(start, data)}</script>\n${indent}</head>`,
          );
      },
    },
  };
}
