// `npm run bench:input`: on a slow phone, the time from the first contentful paint of a prerendered page to the app
// taking input (the `snxt:input` mark: hydrated, live state shown, input kept meanwhile replayed), median of 5.
// Arguments: VITE_* settings for the build, `--dist=DIR` (a build as it is), `--runs=N`, `--path=/` (default: each page).
import { chromium } from '@playwright/test';
import { builtPages } from '../build/built-pages.mjs';
import { buildApp, freePort, startPreview } from '../tests/support/app-servers.mjs';
import { CHROMIUM_ARGS, findBrowser, HOW_TO_GET_A_BROWSER } from '../tests/support/find-browser.mjs';

const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(option('runs') ?? 5);
const INPUT_MARK = 'snxt:input';
const SLOW_PHONE = {
  cpuSlowdown: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  viewport: { width: 390, height: 844 },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: SLOW_PHONE.viewport, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    await page.goto(url);
    // Not page.waitForFunction: Playwright's injected script would run on the page's main thread, as no phone does.
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression: `new Promise((resolve) => {
        const found = () => performance.getEntriesByName(${JSON.stringify(INPUT_MARK)})[0];
        const done = () => {
          const at = (entry) => entry?.startTime ?? NaN;
          resolve({ fcp: at(performance.getEntriesByName('first-contentful-paint')[0]), input: at(found()) });
        };
        if (found()) return done();
        new PerformanceObserver((list, observer) => {
          if (!found()) return;
          observer.disconnect();
          done();
        }).observe({ type: 'mark' });
      })`,
      awaitPromise: true,
      returnByValue: true,
      timeout: 60_000,
    });
    if (exceptionDetails) throw new Error(`The page did not report its input mark: ${exceptionDetails.text}`);
    return result.value;
  } finally {
    await context.close();
  }
}

const browserPath = findBrowser();
if (!browserPath) {
  console.error(HOW_TO_GET_A_BROWSER);
  process.exit(1);
}
const viteEnv = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('VITE_'))
    .map((arg) => [arg.split('=')[0], arg.split('=').slice(1).join('=')]),
);
const outDir = option('dist') ?? 'dist';
if (!option('dist')) {
  console.log('Building the production build into dist/ …');
  await buildApp(outDir, viteEnv);
}
// Every page the app hydrates (a page for signed-in users sends a visitor to sign in).
const PATHS = option('path')
  ? [option('path')]
  : builtPages(outDir).flatMap((page) => (page.hydrates ? [page.path] : []));
const preview = await startPreview(outDir, await freePort());
const browser = await chromium.launch({ executablePath: browserPath.executablePath, args: CHROMIUM_ARGS });
const rows = [];
try {
  for (const path of PATHS) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, `${preview.url}${path}`));
    const fcp = median(runs.map((run) => run.fcp));
    const input = median(runs.map((run) => run.input));
    const gaps = runs.map((run) => run.input - run.fcp);
    rows.push({
      path,
      'FCP ms': Math.round(fcp),
      'takes input ms': Math.round(input),
      'gap ms': Math.round(median(gaps)),
      'gaps (each run)': gaps.map(Math.round).join(' '),
    });
  }
} finally {
  await browser.close();
  await preview.stop();
}
console.log(
  `\nSlow phone (CPU ×${SLOW_PHONE.cpuSlowdown}, ${SLOW_PHONE.network.latency} ms RTT, 1.6 Mbps down, 750 Kbps up, ${SLOW_PHONE.viewport.width} px), first visit, median of ${RUNS}:`,
);
console.table(rows);
