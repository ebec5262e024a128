// The one inline script of the built index.html. It runs while the entry script is still on its
// way, when a phone's main thread has nothing else to do, and makes the app's start shorter:
//  - the page chunk of the URL being opened (e.g. /settings) starts downloading now, next to the
//    entry script, instead of after the entry script has run;
//  - the browser's locale data (ICU) is loaded now, in a task of its own: react-intl's first
//    `Intl.*.supportedLocalesOf` call otherwise costs 30–50 ms inside the first render.
// The CSP allows it by its hash (scripts/security-headers.mjs reads it from the built page).
import { relative, sep } from 'node:path';

/**
 * Runs in the page, as the inline script. Kept free of outside names: it is inlined as its source.
 * @param {Record<string, string[]>} pageChunks URL path → the page's chunk URLs
 */
export function boot(pageChunks) {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const chunks = Object.hasOwn(pageChunks, path) ? pageChunks[path] : [];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  setTimeout(() => {
    try {
      Intl.NumberFormat.supportedLocalesOf('en');
      Intl.DateTimeFormat.supportedLocalesOf('en');
    } catch {
      // Without Intl the app cannot format anything; it reports that itself when it starts.
    }
  });
}

/** The inline script's source for a page-chunk map. */
export function bootScriptSource(pageChunks) {
  return `(${boot.toString()})(${JSON.stringify(pageChunks)});`;
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
 * @returns {import('vite').Plugin}
 */
export function bootScriptPlugin(routesDir) {
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
        const source = bootScriptSource(pageChunkMap(context.bundle, routesDir, base));
        return html.replace(
          /\n(\s*)<\/head>/,
          (_match, indent) => `\n${indent}  <script>${source}</script>\n${indent}</head>`,
        );
      },
    },
  };
}
