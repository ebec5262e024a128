// `npm run bench:lighthouse`: Lighthouse (mobile and desktop, local Chromium) on each prerendered page of a production
// build, 5 runs each; prints the medians and the audits that cost points, and fails on nothing. Arguments: VITE_*
// settings for the build, or `--preset=mobile --path=/ --runs=1 --save` (full reports kept in .lighthouse/),
// `--dist=DIR` (a build as it is), `--compare=URL` (another app, measured in the same loop; repeatable), `--bare=script`
// or `--bare=script,style` (each page again, from a copy of the build without its inline script or style, in the loop).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { builtPages } from '../build/built-pages.mjs';
import { buildApp, freePort, startPreview } from '../tests/support/app-servers.mjs';
import { CHROMIUM_ARGS, findBrowser, HOW_TO_GET_A_BROWSER } from '../tests/support/find-browser.mjs';
import { bareCopy } from './bare-pages.mjs';

const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(option('runs') ?? 5);
const COMPARE = process.argv.filter((arg) => arg.startsWith('--compare=')).map((arg) => new URL(arg.slice(10)));
const DIST = option('dist');
const BARE = option('bare')?.split(',');
const PRESETS = Object.fromEntries(
  Object.entries({ mobile: undefined, desktop: desktopConfig }).filter(([name]) =>
    [name, undefined].includes(option('preset')),
  ),
);
const SAVE_DIR = process.argv.includes('--save') ? '.lighthouse' : undefined;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  FCP: ['first-contentful-paint', (ms) => `${(ms / 1000).toFixed(2)} s`],
  LCP: ['largest-contentful-paint', (ms) => `${(ms / 1000).toFixed(2)} s`],
  TBT: ['total-blocking-time', (ms) => `${Math.round(ms)} ms`],
  CLS: ['cumulative-layout-shift', (value) => value.toFixed(3)],
  bytes: ['total-byte-weight', (bytes) => `${(bytes / 1024).toFixed(1)} KB`],
};

const viteEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key.startsWith('VITE_') && process.env[key] !== undefined),
);
for (const arg of process.argv.slice(2)) {
  const [key, ...value] = arg.split('=');
  if (key.startsWith('VITE_')) viteEnv[key] = value.join('=');
}

const browser = findBrowser();
if (!browser?.executablePath) {
  console.error(HOW_TO_GET_A_BROWSER);
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

if (!DIST && !process.env.BENCH_NO_BUILD) {
  console.log('Building the production build into dist/ …');
  await buildApp('dist', viteEnv);
}
const PATHS = option('path')
  ? [option('path')]
  : builtPages(DIST ?? 'dist').flatMap((page) => (page.hydrates ? [page.path] : []));
const preview = await startPreview(DIST ?? 'dist', await freePort());
const bareDir = BARE && bareCopy(DIST ?? 'dist', BARE);
const barePreview = bareDir && (await startPreview(bareDir, await freePort()));
// Each page of this app, then each compared URL, in turn: a load change on the machine hits them alike.
const targets = PATHS.flatMap((path) => [
  { name: path, url: `${preview.url}${path}` },
  ...(barePreview ? [{ name: `${path} without ${BARE.join(', ')}`, url: `${barePreview.url}${path}` }] : []),
  ...COMPARE.map((url) => ({ name: `${url.host}${url.pathname}`, url: url.href })),
]).filter((target, index, all) => all.findIndex((other) => other.url === target.url) === index);
const chrome = await chromeLauncher.launch({
  chromePath: browser.executablePath,
  chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
});

const rows = [];

/** One Lighthouse run; a run it could not measure (no navigation start in its trace) is run again, not counted. */
async function measure(preset, config, target, run) {
  for (let failed = 0; ; failed += 1) {
    const result = await lighthouse(
      target.url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.url}`);
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      const name = `${preset}-${target.name.replace(/[^\w.]+/g, '-')}-${run + 1}.json`.replace('--', '-');
      writeFileSync(`${SAVE_DIR}/${name}`, JSON.stringify(result.lhr));
      writeFileSync(`${SAVE_DIR}/${name.replace('.json', '.trace.json')}`, JSON.stringify(result.artifacts.Trace));
    }
    if (!result.lhr.runtimeError) return result.lhr;
    console.warn(`  ${preset} ${target.name}: ${result.lhr.runtimeError.message}`);
    if (failed >= RUNS) throw new Error(`Lighthouse failed ${failed + 1} times on ${target.url}`);
  }
}

try {
  for (const [preset, config] of Object.entries(PRESETS)) {
    const runsOf = new Map(targets.map((target) => [target, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of targets) runsOf.get(target).push(await measure(preset, config, target, run));
    }
    for (const [target, runs] of runsOf) {
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round(100 * median(runs.map((lhr) => lhr.categories[id].score ?? 0)))]),
      );
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([name, [audit, format]]) => [
          name,
          format(median(runs.map((lhr) => lhr.audits[audit].numericValue ?? 0))),
        ]),
      );
      const last = runs[runs.length - 1];
      const losses = CATEGORIES.flatMap((id) =>
        last.categories[id].auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => last.audits[ref.id])
          .filter((audit) => audit.score !== null && audit.score < 1)
          .map((audit) => `${id}/${audit.id} ${audit.displayValue ?? ''}`.trim()),
      );
      rows.push({ preset, path: target.name, ...scores, ...metrics });
      console.log(
        `${preset.padEnd(7)} ${target.name.padEnd(10)} done${losses.length ? `; below 100: ${losses.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await chrome.kill();
  await preview.stop();
  await barePreview?.stop();
  if (bareDir) rmSync(bareDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${RUNS}-run medians (${preview.url}, ${browser.executablePath})`);
console.table(rows);
