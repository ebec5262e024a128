import { firstLoadFiles } from './boot-script.mjs';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** @returns {import('vite').Plugin} Chromium then compiles the first-load files whole, off the main thread. */
export function compileHintsPlugin(routesDir) {
  return {
    name: 'snxt-compile-hints',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const fileName of firstLoadFiles(bundle, routesDir)) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
