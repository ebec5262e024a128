import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const MANIFEST = 'manifest.webmanifest';
const DESCRIPTION = { catalog: 'assets/i18n/en.json', key: 'snxt.home.description' };

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The home page's English lead, the app's description, with its `{appName}` and `{shortName}` filled in. */
export function descriptionOf(catalogText, { appName, appShortName }) {
  const text = JSON.parse(catalogText)[DESCRIPTION.key];
  if (typeof text !== 'string') throw new Error(`${DESCRIPTION.catalog} has no text ${DESCRIPTION.key}`);
  const names = { appName, shortName: appShortName };
  return text.replace(/\{\s*(\w+)\s*\}|[{}]/g, (found, name) => {
    if (!Object.hasOwn(names, name ?? '')) {
      throw new Error(`${DESCRIPTION.key} in ${DESCRIPTION.catalog}: only {appName} and {shortName} fill in here`);
    }
    return names[name];
  });
}

export function manifestWithNames(text, { appName, appShortName, description }) {
  const manifest = { ...JSON.parse(text), name: appName, short_name: appShortName, description };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export const htmlWithName = (html, { appName, description }) =>
  html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(appName)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_meta, start, end) => start + escapeHtml(description) + end,
    );

export function appNamesPlugin(names) {
  let publicDir = 'public';
  let outDir = 'dist';
  const texts = () => ({
    ...names,
    description: descriptionOf(readFileSync(join(publicDir, DESCRIPTION.catalog), 'utf8'), names),
  });
  const manifest = () => manifestWithNames(readFileSync(join(publicDir, MANIFEST), 'utf8'), texts());
  return {
    name: 'snxt-app-names',
    // Not in the prerender's own build of the app, which writes no manifest.
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: { order: 'pre', handler: (html) => htmlWithName(html, texts()) },
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
