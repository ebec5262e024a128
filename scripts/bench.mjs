// `npm run bench`: a production build's first-load bytes (JS and CSS, raw and gzip), its lazy chunks, build time and
// repeat visit; fails over the budget. Arguments are VITE_* settings for the build (`-- VITE_OIDC_AUTHORITY=…`).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { measureRepeatVisit } from './bench-repeat-visit.mjs';
import { referencedPaths } from '../build/service-worker.mjs';
import { staticImports } from './static-imports.mjs';

const BUDGET_KB = { firstLoadJsGzip: 125, firstLoadCssGzip: 15 };
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'dist');

const env = { ...process.env };
for (const arg of process.argv.slice(2)) {
  const [key, ...value] = arg.split('=');
  if (key.startsWith('VITE_')) env[key] = value.join('=');
}

const started = performance.now();
const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
const buildSeconds = (performance.now() - started) / 1000;
if (build.status !== 0) process.exit(build.status ?? 1);

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const statSize = (path, fallback) => {
  try {
    return statSync(path).size;
  } catch {
    return fallback;
  }
};
const measure = (file) => {
  const content = readFileSync(join(outDir, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
};

/** Everything index.html pulls in: the files its boot script names, the chunks they import statically, styles. */
const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const firstLoad = new Set(
  referencedPaths(html)
    .map((path) => path.slice(1))
    .filter((file) => /^assets\/[^/]+\.(?:js|css)$/.test(file)),
);
for (const file of firstLoad) {
  if (!file.endsWith('.js')) continue;
  for (const imported of staticImports(readFileSync(join(outDir, file), 'utf8'))) {
    firstLoad.add(join(dirname(file), imported).split(sep).join('/'));
  }
}
const inline = (tag, name) =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, text]) => {
    const content = Buffer.from(text);
    return { file: name, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
const assets = readdirSync(join(outDir, 'assets')).map((name) => `assets/${name}`);
const first = [
  ...assets.filter((file) => firstLoad.has(file)).map(measure),
  ...inline('script', 'index.html <script>.js'),
  ...inline('style', 'index.html <style>.css'),
];
const lazy = assets.filter((file) => !firstLoad.has(file) && /\.(js|css)$/.test(file)).map(measure);
// What a static host serving the build's precompressed copies sends (build/precompress.mjs).
const brotli = (items) =>
  items.reduce((total, item) => total + statSize(join(outDir, `${item.file}.br`), item.gzip), 0);
const sum = (items, ext, key) =>
  items.filter((item) => item.file.endsWith(ext)).reduce((total, item) => total + item[key], 0);

const row = (label, raw, gzip) => console.log(`${label.padEnd(52)} ${kb(raw)} KB ${kb(gzip)} KB gzip`);
console.log('\nFirst load');
first.forEach((item) => row(`  ${item.file}`, item.raw, item.gzip));
const jsGzip = sum(first, '.js', 'gzip');
const cssGzip = sum(first, '.css', 'gzip');
row('  = JS', sum(first, '.js', 'raw'), jsGzip);
row('  = CSS', sum(first, '.css', 'raw'), cssGzip);
console.log(
  `  (served precompressed with brotli: JS ${kb(brotli(first.filter((item) => item.file.endsWith('.js')))).trim()} KB, CSS ${kb(brotli(first.filter((item) => item.file.endsWith('.css')))).trim()} KB)`,
);
console.log('\nLazy chunks');
lazy.sort((a, b) => b.gzip - a.gzip).forEach((item) => row(`  ${item.file}`, item.raw, item.gzip));
const i18n = readdirSync(join(outDir, 'assets/i18n'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => statSync(join(outDir, 'assets/i18n', name)).size);
console.log(`\nTranslation files: ${i18n.length}, largest ${kb(Math.max(...i18n))} KB raw (one is fetched per visit)`);
console.log(`Build time: ${buildSeconds.toFixed(1)} s`);
const visit = await measureRepeatVisit(outDir);
console.log(
  visit
    ? `Repeat visit (service worker active; local preview, no throttling): h1 painted ${visit.repeatMs.toFixed(0)} ms after navigation start, median of 5 (first visit ${visit.firstMs.toFixed(0)} ms); ${visit.repeatFromNetwork} responses from the network rather than the worker`
    : 'Repeat visit: skipped (no Chromium found)',
);
console.log(
  `Budget: first-load JS ≤ ${BUDGET_KB.firstLoadJsGzip} KB gzip, CSS ≤ ${BUDGET_KB.firstLoadCssGzip} KB gzip`,
);

const over = [];
if (jsGzip / 1024 > BUDGET_KB.firstLoadJsGzip) over.push(`first-load JS is ${kb(jsGzip).trim()} KB gzip`);
if (cssGzip / 1024 > BUDGET_KB.firstLoadCssGzip) over.push(`first-load CSS is ${kb(cssGzip).trim()} KB gzip`);
if (over.length) {
  console.error(`\nOver budget: ${over.join('; ')}. Lazy-load what the first paint does not need.`);
  process.exit(1);
}
console.log('Within budget.');
