import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import signalsTransform from '@preact/signals-react-transform';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vite';
import { appNamesPlugin } from './build/app-names.mjs';
import { bootScriptPlugin } from './build/boot-script.mjs';
import { compileHintsPlugin } from './build/compile-hints.mjs';
import { messageParserPlugin } from './build/message-parser.mjs';
import { unscannedSourcesPlugin } from './build/optional-routes.mjs';
import { optionalRoutesPlugin } from './build/optional-routes.mjs'; // example: books
import { parseEnv } from './src/config/parse-env.ts';
import { APP_POLICIES } from './src/config/trusted-types.mjs';
import { precompressPlugin } from './build/precompress.mjs';
import { prerenderPlugin } from './build/prerender.mjs';
import { ROUTE_TREE } from './build/route-tree.mjs';
import { buildEnv, securityHeadersPlugin } from './build/security-headers.mjs';
import { WORKER_FILE, workboxOptions } from './build/service-worker.mjs';

/** The `VITE_*` variables, checked here once: the bundle gets the result (src/config/env.ts), not the checks. */
function appEnv(mode: string, command: string) {
  const problems: string[] = [];
  const raw = {
    ...loadEnv(mode, process.cwd(), 'VITE_'),
    MODE: mode,
    PROD: command === 'build' && mode !== 'development',
  };
  return { env: parseEnv(raw, (problem) => problems.push(problem)), problems };
}

const ROUTES_DIR = fileURLToPath(new URL('./src/routes', import.meta.url));
const BOOKS_ROUTES_DIR = fileURLToPath(new URL('./src/routes/books', import.meta.url)); // example: books
const BOOKS_DIR = fileURLToPath(new URL('./src/features/books', import.meta.url)); // example: books
const APP_STYLES = fileURLToPath(new URL('./src/styles/app.css', import.meta.url));
const DATA_KIT_DIR = fileURLToPath(new URL('./src/components/data', import.meta.url));

const hasDataApi = (env: ReturnType<typeof appEnv>['env']): boolean =>
  env.test ||
  [
    env.apiUrl,
    env.booksApiUrl, // example: books
  ].some(Boolean);

export default defineConfig(({ mode, command }) => {
  let outDir = resolve('dist');
  const app = appEnv(mode, command);
  return {
    plugins: [
      // example: books {
      // Without VITE_BOOKS_API_URL the Books routes only send their paths home (unit tests keep them), and Tailwind
      // leaves the Books files out of its scan, so their class names add no CSS.
      optionalRoutesPlugin(BOOKS_ROUTES_DIR, Boolean(app.env.booksApiUrl) || app.env.test),
      ...(app.env.booksApiUrl ? [] : [unscannedSourcesPlugin(APP_STYLES, [BOOKS_DIR, BOOKS_ROUTES_DIR])]),
      // example: books }
      // A build with no API has no data page: the data kit's class names add no CSS to it.
      ...(hasDataApi(app.env) ? [] : [unscannedSourcesPlugin(APP_STYLES, [DATA_KIT_DIR])]),
      // The router plugin must come before the React plugin so route files are split first.
      tanstackRouter({
        ...ROUTE_TREE,
        autoCodeSplitting: true,
        // The landing page is what a first visit paints: keep it in the entry chunk, split the rest.
        codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
      }),
      react(),
      messageParserPlugin(),
      // Babel only for the components that read a signal's `.value`: the transform leaves every other file as it was.
      babel({
        include: /\/src\/.*\.tsx$/,
        presets: [
          defineRolldownBabelPreset({
            preset: () => ({ plugins: [signalsTransform] }),
            rolldown: { filter: { code: /\.value\b/ } },
          }),
        ],
      }),
      tailwindcss(),
      appNamesPlugin(app.env),
      prerenderPlugin(),
      securityHeadersPlugin(() => buildEnv(mode)),
      bootScriptPlugin(ROUTES_DIR, APP_POLICIES.intlWarmUp),
      compileHintsPlugin(ROUTES_DIR),
      // The service worker (docs/offline.md); the app registers it itself.
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest: false,
        filename: WORKER_FILE,
        integration: {
          // After every page is written (a prerender writes them late), so all of them are precached.
          closeBundleOrder: 'post',
          configureOptions: (config) => void (outDir = resolve(config.root, config.build.outDir)),
        },
        workbox: workboxOptions(() => outDir),
      }),
      precompressPlugin(),
    ],
    // The prerendered footer's year: hydration renders it too, whatever the visitor's clock says.
    define: {
      __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
      __APP_ENV__: JSON.stringify(app),
      // Literals, so a build without them drops the reporting, analytics and idle sign-out code entirely.
      __ERROR_REPORT_URL__: JSON.stringify(app.env.errorReportUrl),
      __GA_MEASUREMENT_ID__: JSON.stringify(app.env.gaMeasurementId),
      __BOOKS_API_URL__: JSON.stringify(app.env.booksApiUrl), // example: books
      __IDLE_TIMEOUT_MINUTES__: JSON.stringify(app.env.idleTimeoutMinutes ?? null),
    },
    server: { port: 5173, strictPort: true },
    preview: { port: 4173 },
    // Every browser that runs es2022 modules supports <link rel=modulepreload>: no polyfill in the entry.
    build: {
      target: 'es2022',
      sourcemap: false,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // Everything the entry imports statically, in one chunk: Rolldown otherwise splits modules that
        // lazy chunks share with the entry into small chunks of their own (rolldown/rolldown#10731).
        output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
      },
    },
  };
});
