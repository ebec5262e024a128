// Build step: the pages a first visit opens are rendered at build time, through the app's own
// components and router (src/prerender-entry.tsx, built for Node by a nested Vite SSR build), so a
// phone paints the page from the HTML alone, before any script has run. The stylesheet is inlined
// as one <style> (allowed by its hash: build/security-headers.mjs) so the paint waits for nothing.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** The pages rendered at build time. */
const PRERENDERED_PATHS = ['/', '/settings'];

/** The built file of a URL path: `/` → index.html, `/settings` → settings.html. */
export const pageFileName = (path) => (path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}.html`);

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The page's stylesheet links, replaced by one <style> with their text.
 * @param {string} html
 * @param {(href: string) => string | undefined} cssOf the text of a linked stylesheet, by its href
 * @returns {{ html: string, inlined: string[] }} the page and the hrefs it no longer links
 */
export function inlineStylesheets(html, cssOf) {
  const inlined = [];
  const styles = [];
  const withoutLinks = html.replace(/\n?\s*<link\b[^>]*\brel="stylesheet"[^>]*>/g, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1];
    const css = href === undefined ? undefined : cssOf(href);
    if (css === undefined) return link;
    // The stylesheet must not be able to end its own element.
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": it cannot be inlined`);
    inlined.push(href);
    styles.push(css);
    return '';
  });
  if (styles.length === 0) return { html, inlined };
  const style = `<style>${styles.join('\n')}</style>`;
  return {
    html: withoutLinks.replace(/\n(\s*)<\/head>/, (_match, indent) => `\n${indent}  ${style}\n${indent}</head>`),
    inlined,
  };
}

/**
 * The page's SVG icon, written into its `<link rel="icon">` as a data: URL: the browser asks the
 * server for nothing before the first paint (img-src allows data:).
 * @param {string} html
 * @param {(href: string) => string | undefined} svgOf the text of an SVG file, by its href
 */
export function inlineSvgIcon(html, svgOf) {
  return html.replace(/<link rel="icon" href="([^"]+\.svg)"/, (link, href) => {
    const svg = svgOf(href);
    if (svg === undefined) return link;
    // The short form of an SVG data: URL: single quotes inside, and only what a URL cannot carry escaped.
    const text = svg
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/[%#<>&]/g, (char) => encodeURIComponent(char))
      .replaceAll("'", '%27')
      .replaceAll('"', "'");
    const data = `data:image/svg+xml,${text}`;
    return `<link rel="icon" href="${data}"`;
  });
}

/**
 * The page with its prerendered markup in `#root` (marked with the path it was rendered for, so
 * the app hydrates only that path) and its title.
 * @param {string} html the built index.html
 * @param {string} path
 * @param {{ html: string, title: string }} page
 */
export function withPrerenderedPage(html, path, page) {
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${escapeHtml(path)}">${page.html}</div>`);
}

/** A page that takes longer than this to render is waiting for something that never comes. */
const RENDER_TIMEOUT_MS = 30_000;

/** The promise's value, or an error naming `what` once `ms` have passed. */
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took over ${ms / 1000} s: it waits for something a build has not`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Builds the prerender entry for Node into a folder inside node_modules (so its imports of
 * React and the router resolve) and returns its `renderPage`.
 */
async function loadRenderer(config, entry) {
  const cache = resolve(config.root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'snxt-prerender-'));
  try {
    await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      // The same year as the client build, whatever the clock says by now.
      define: { __BUILD_YEAR__: config.define.__BUILD_YEAR__ },
      build: {
        ssr: entry,
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const module = await import(pathToFileURL(join(outDir, 'prerender.mjs')).href);
    return { renderPage: module.renderPage, cleanUp: () => rmSync(outDir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Vite plugin: writes the prerendered pages (index.html, settings.html) into the client build,
 * with the stylesheet inlined. Runs before the security headers plugin, which hashes the pages'
 * inline script and style.
 * @param {string} entry the prerender entry, relative to the project root
 * @returns {import('vite').Plugin}
 */
export function prerenderPlugin(entry = 'src/prerender-entry.tsx') {
  let config;
  /** The stylesheets now inline in every page, by file name. */
  const inlinedFiles = [];
  return [
    {
      name: 'snxt-prerender',
      apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
      enforce: 'post',
      configResolved(resolved) {
        config = resolved;
      },
      async generateBundle(_options, bundle) {
        const template = bundle['index.html'];
        if (template?.type !== 'asset') return;
        const cssOf = (href) => {
          const asset = bundle[href.slice(config.base.length)];
          return asset?.type === 'asset' && asset.fileName.endsWith('.css') ? String(asset.source) : undefined;
        };
        const svgOf = (href) => {
          const file = join(config.publicDir, href.slice(config.base.length));
          return href.startsWith(config.base) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
        };
        const styled = inlineStylesheets(String(template.source), cssOf);
        const { inlined } = styled;
        const html = inlineSvgIcon(styled.html, svgOf);
        // A lazy chunk with CSS of its own would lose it: say so rather than ship it unstyled.
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk' && !item.isEntry && item.viteMetadata?.importedCss?.size) {
            throw new Error(`${item.fileName} imports CSS of its own: keep styles in src/styles/app.css`);
          }
        }
        for (const href of inlined) {
          const fileName = href.slice(config.base.length);
          inlinedFiles.push(fileName);
          // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- removing an emitted asset is how a plugin drops it
          delete bundle[fileName];
        }

        const { renderPage, cleanUp } = await loadRenderer(config, entry);
        try {
          for (const path of PRERENDERED_PATHS) {
            const page = await withTimeout(renderPage(path), RENDER_TIMEOUT_MS, `Prerendering ${path}`);
            const fileName = pageFileName(path);
            // A page for signed-in users only: the app's own page (the SPA fallback) with the stylesheet inlined.
            if (!page) {
              if (fileName === 'index.html') bundle[fileName].source = html;
              continue;
            }
            const source = withPrerenderedPage(html, path, page);
            if (bundle[fileName]?.type === 'asset') bundle[fileName].source = source;
            else this.emitFile({ type: 'asset', fileName, source });
          }
        } finally {
          cleanUp();
        }
      },
    },
    {
      name: 'snxt-prerender-css-deps',
      apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
      // After Vite has written each lazy chunk's list of files to load before it runs.
      generateBundle: {
        order: 'post',
        handler(_options, bundle) {
          const entryChunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
          if (!entryChunk) return;
          // Lazy chunks list the entry's stylesheet among those files (Vite's preload helper looks
          // for its <link>, which the pages no longer have). It becomes the entry script, listed
          // and loaded already, so the helper skips it instead of fetching a file that is gone.
          for (const fileName of inlinedFiles.splice(0)) {
            for (const item of Object.values(bundle)) {
              if (item.type === 'chunk') item.code = item.code.replaceAll(`"${fileName}"`, `"${entryChunk.fileName}"`);
            }
          }
        },
      },
    },
  ];
}
