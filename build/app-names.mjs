import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const MANIFEST = 'manifest.webmanifest';

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function manifestWithNames(text, { appName, appShortName }) {
  return `${JSON.stringify({ ...JSON.parse(text), name: appName, short_name: appShortName }, null, 2)}\n`;
}

export const htmlWithName = (html, { appName }) =>
  html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(appName)}</title>`);

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
