import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const MANIFEST = 'manifest.webmanifest';

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The web manifest of public/ with the app's names (VITE_APP_NAME, VITE_APP_SHORT_NAME). */
export function manifestWithNames(text, { appName, appShortName }) {
  return `${JSON.stringify({ ...JSON.parse(text), name: appName, short_name: appShortName }, null, 2)}\n`;
}

export const htmlWithName = (html, { appName }) =>
  html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(appName)}</title>`);

/** Renaming the app is one setting: the page title here, the manifest in dev and in the build. */
export function appNamesPlugin(names) {
  let publicDir = 'public';
  let outDir = 'dist';
  const manifest = () => manifestWithNames(readFileSync(join(publicDir, MANIFEST), 'utf8'), names);
  return {
    name: 'snxt-app-names',
    // Not in the prerender's own build of the app, which writes no manifest.
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: { order: 'pre', handler: (html) => htmlWithName(html, names) },
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST}`, (_request, response) => {
        response.setHeader('Content-Type', 'application/manifest+json');
        response.end(manifest());
      });
    },
    // Before the worker's precache and the compressed copies, which read the written files.
    writeBundle() {
      writeFileSync(join(outDir, MANIFEST), manifest());
    },
  };
}
