import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const BOOT_MODULE = resolve(dirname(fileURLToPath(import.meta.url)), '../src/boot.ts');
const ENTRY_ID = '\0snxt-boot-entry';
const START = '__SNXT_BOOT_START__';

export async function bundleBootScript() {
  const result = await build({
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    publicDir: false,
    plugins: [
      {
        name: 'snxt-boot-entry',
        resolveId: (id) => (id === ENTRY_ID ? id : null),
        load: (id) =>
          id === ENTRY_ID ? `import { boot } from ${JSON.stringify(BOOT_MODULE)};\nboot(${START});` : null,
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      rolldownOptions: { input: ENTRY_ID, output: { format: 'iife' }, treeshake: { moduleSideEffects: false } },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunks = output.output.filter((item) => item.type === 'chunk');
  if (chunks.length !== 1 || chunks[0].code.split(START).length !== 2) {
    throw new Error('The boot script must bundle into one chunk that names its start data once');
  }
  return chunks[0].code.trim();
}

/** @type {(bundle: string, start: import('../src/boot').BootStart) => string} */
export const bootScriptSource = (bundle, start) => bundle.replace(START, () => JSON.stringify(start));

// V8 lists Intl's locales once per process on the first call (30–100 ms): a worker makes it while the entry loads.
const INTL_WARM_UP_SOURCE =
  "Intl.NumberFormat.supportedLocalesOf('en');Intl.DateTimeFormat.supportedLocalesOf('en');close();\n";

export function routePath(file) {
  const name = file
    .replace(/\.[jt]sx?$/, '')
    .split(/[/\\.]/)
    .filter((segment) => segment !== 'index');
  if (name.some((segment) => /^[$_(]/.test(segment) || segment === '__root')) return null;
  return `/${name.join('/')}`;
}

function chunkGraph(bundle) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName, seen = new Set()) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const renderer = chunks.find((chunk) => /[\\/]react-dom[\\/]client\.js$/.test(chunk.facadeModuleId ?? ''));
  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const loadedFirst = new Set([...entries, renderer?.fileName].flatMap((file) => (file ? [...closure(file)] : [])));
  return { chunks, closure, loadedFirst, entries };
}

/** What a first visit loads besides the entry: the entry's imports (`modules`), then the renderer's own (`renderer`). */
export function firstModules(bundle, base = '/') {
  const { closure, loadedFirst, entries } = chunkGraph(bundle);
  const entryFiles = new Set(entries.flatMap((file) => [...closure(file)]));
  const url = (file) => `${base}${file}`;
  return {
    modules: [...entryFiles].filter((file) => !entries.includes(file)).map(url),
    renderer: [...loadedFirst].filter((file) => !entryFiles.has(file)).map(url),
  };
}

export function pageChunkMap(bundle, routesDir, base = '/') {
  const { chunks, closure, loadedFirst } = chunkGraph(bundle);
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

export function firstLoadFiles(bundle, routesDir) {
  const pages = Object.values(pageChunkMap(bundle, routesDir, '')).flat();
  return new Set([...chunkGraph(bundle).loadedFirst, ...pages]);
}

/** @returns {import('vite').Plugin} */
export function bootScriptPlugin(routesDir, policy) {
  let base = '/';
  let bundle = null;
  return {
    name: 'snxt-boot-script',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'asset', name: 'intl-warm-up.js', source: INTL_WARM_UP_SOURCE });
      bundle = bundleBootScript();
      bundle.catch(() => undefined);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) return html;
        const entryTag = /\n?\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entryTag) throw new Error('index.html has no entry <script type="module" crossorigin src="…">');
        const warmUp = Object.values(context.bundle).find(
          (item) => item.type === 'asset' && (item.names ?? [item.name]).includes('intl-warm-up.js'),
        );
        const translationsTag = /\n?\s*<link rel="preload" href="([^"]+\/en\.json)"[^>]*>/.exec(html);
        const manifestTag = /\n?\s*<link rel="manifest" href="([^"]+)"[^>]*>/.exec(html);
        const start = {
          entry: entryTag[1],
          ...firstModules(context.bundle, base),
          ...(translationsTag ? { translations: translationsTag[1] } : {}),
          ...(manifestTag ? { manifest: manifestTag[1] } : {}),
          pages: pageChunkMap(context.bundle, routesDir, base),
          ...(warmUp ? { intlWarmUp: `${base}${warmUp.fileName}`, policy } : {}),
        };
        const script = await (bundle ?? bundleBootScript());
        return html
          .replace(entryTag[0], '')
          .replace(translationsTag?.[0] ?? '', '')
          .replace(manifestTag?.[0] ?? '', '')
          .replace(
            /\n(\s*)<\/head>/,
            (_match, indent) => `\n${indent}  <script>${bootScriptSource(script, start)}</script>\n${indent}</head>`,
          );
      },
    },
  };
}
