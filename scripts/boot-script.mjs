// The one inline script of the built pages. It runs before the first paint, and while the entry
// script is still on its way, when a phone's main thread has nothing else to do:
//  - the page looks as the visitor left it: theme class (night mode included), `lang`, `dir` and
//    the browser's UI colour from the stored settings (`snxt-SETTINGS`) or, on a first visit, the
//    browser's languages; for another language than English the prerendered English text is
//    hidden (the translating class) until the app shows the visitor's language;
//  - the page chunk of the URL being opened (e.g. /settings) starts downloading now, next to the
//    entry script, instead of after the entry script has run;
//  - the browser's locale data (ICU) is loaded right after the first paint, in a task of its own:
//    react-intl's first `Intl.*.supportedLocalesOf` call otherwise costs 30–50 ms inside the first render.
// The CSP allows it by its hash (scripts/security-headers.mjs reads it from the built pages).
import { relative, sep } from 'node:path';

/**
 * What the page looks like before the app runs, by the app's rules (settings-fields.ts, i18n/languages.ts;
 * the unit test holds them together). Runs in the page: kept free of outside names, never throws.
 * @param {string | null} storedText the stored settings' JSON
 * @param {readonly string[]} languages the browser's languages
 * @param {number} hour the clock's hour
 * @param {boolean} systemDark whether the device is in dark mode
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
  const night = source === 'system' ? systemDark : hour >= data.nightStartHour || hour <= data.nightEndHour;
  const shown = autoNightMode && night ? nightTheme : theme;
  return {
    themeClass: shown.toLowerCase(),
    themeColor: data.themeColors[shown],
    lang: language.replace(/-([a-z]+)$/, (_, region) => `-${region.toUpperCase()}`),
    dir: data.rtlLanguages.includes(language) ? 'rtl' : 'ltr',
    translating: language !== data.defaultLanguage,
  };
}

/**
 * Runs in the page, as the inline script. Kept free of outside names: it is inlined as its source.
 * @param {Record<string, string[]>} pageChunks URL path → the page's chunk URLs
 * @param {typeof bootLook} [look] the page's look, when the page is to be set up
 * @param {import('./boot-data').BootData} [data]
 */
export function boot(pageChunks, look, data) {
  if (look && data) {
    try {
      let stored = null;
      try {
        stored = localStorage.getItem(data.settingsKey);
      } catch {
        // No storage (blocked, private mode): the defaults, as the app will find.
      }
      const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
      const page = look(stored, navigator.languages, new Date().getHours(), dark, data);
      const html = document.documentElement;
      html.classList.remove(...data.themes.map((theme) => theme.toLowerCase()));
      html.classList.add(page.themeClass);
      html.lang = page.lang;
      html.dir = page.dir;
      document.querySelector('meta[name="theme-color"]')?.setAttribute('content', page.themeColor);
      if (page.translating) {
        html.classList.add(data.translatingClass);
        setTimeout(() => html.classList.remove(data.translatingClass), data.revealAfterMs);
      }
    } catch {
      // The page as built (default theme, English) is still a page; the app corrects it when it runs.
    }
  }
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const chunks = Object.hasOwn(pageChunks, path) ? pageChunks[path] : [];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // After the first paint: the prerendered page must not wait for it.
  const afterPaint = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (next) => next();
  afterPaint(() =>
    setTimeout(() => {
      try {
        Intl.NumberFormat.supportedLocalesOf('en');
        Intl.DateTimeFormat.supportedLocalesOf('en');
      } catch {
        // Without Intl the app cannot format anything; it reports that itself when it starts.
      }
    }),
  );
}

/**
 * The inline script's source for a page-chunk map and the app's facts.
 * @param {Record<string, string[]>} pageChunks
 * @param {import('./boot-data').BootData} [data]
 */
export function bootScriptSource(pageChunks, data) {
  const look = data ? `,${bootLook.toString()},${JSON.stringify(data)}` : '';
  return `(${boot.toString()})(${JSON.stringify(pageChunks)}${look});`;
}

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
 * Vite plugin: puts the boot script into the built index.html, just before `</head>`.
 * @param {string} routesDir absolute path of src/routes
 * @param {import('./boot-data').BootData} data the app's facts (scripts/boot-data.ts)
 * @returns {import('vite').Plugin}
 */
export function bootScriptPlugin(routesDir, data) {
  let base = '/';
  return {
    name: 'snxt-boot-script',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const source = bootScriptSource(pageChunkMap(context.bundle, routesDir, base), data);
        return html.replace(
          /\n(\s*)<\/head>/,
          (_match, indent) => `\n${indent}  <script>${source}</script>\n${indent}</head>`,
        );
      },
    },
  };
}
