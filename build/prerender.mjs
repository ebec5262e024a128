// The first pages, rendered at build time by the app's own code, so a phone paints them from the HTML alone.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

export const pageFileName = (path) => (path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}.html`);

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function inlineStylesheets(html, cssOf) {
  const inlined = [];
  const styles = [];
  const withoutLinks = html.replace(/\n?\s*<link\b[^>]*\brel="stylesheet"[^>]*>/g, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1];
    const css = href === undefined ? undefined : cssOf(href);
    if (css === undefined) return link;
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

// The icon as a data: URL in its <link>: nothing is asked of the server before the first paint (img-src allows data:).
export function inlineSvgIcon(html, svgOf) {
  return html.replace(/<link rel="icon" href="([^"]+\.svg)"/, (link, href) => {
    const svg = svgOf(href);
    if (svg === undefined) return link;
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

export function withPrerenderedPage(html, path, page) {
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  if (!/<html\b/.test(html)) throw new Error('index.html has no <html> element');
  const mark = page.hydrates === false ? '' : ` data-prerendered="${escapeHtml(path)}"`;
  return html
    .replace(/<html\b/, () => `<html data-page="${escapeHtml(path)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root"${mark}>${page.html}</div>`);
}

const RENDER_TIMEOUT_MS = 30_000;

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

// Built into a folder inside node_modules, so its imports of React and the router resolve.
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
    return {
      renderPage: module.renderPage,
      prerenderPaths: module.prerenderPaths,
      cleanUp: () => rmSync(outDir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}

/** @returns {import('vite').Plugin} */
export function prerenderPlugin(entry = 'src/prerender-entry.tsx') {
  let config;
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

        const { renderPage, prerenderPaths, cleanUp } = await loadRenderer(config, entry);
        try {
          for (const path of prerenderPaths()) {
            const page = await withTimeout(renderPage(path), RENDER_TIMEOUT_MS, `Prerendering ${path}`);
            const fileName = pageFileName(path);
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
      generateBundle: {
        order: 'post',
        handler(_options, bundle) {
          const entryChunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
          if (!entryChunk) return;
          // Vite's preload helper would fetch the inlined stylesheet again; named as the entry script, it is skipped.
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
