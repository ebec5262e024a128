// `npm run bench`'s repeat visit: a build opened once in Chromium until the service worker controls the page and
// has cached it, then again; the time from navigation start until the h1 is painted.
import { chromium } from '@playwright/test';
import { freePort, startPreview } from '../tests/support/app-servers.mjs';
import { CHROMIUM_ARGS, findBrowser } from '../tests/support/find-browser.mjs';

const REPEATS = 5;

/** Records, inside the page, when the first h1 with text is in the DOM, at the next paint. */
function recordHeading() {
  const done = (at) => (window.__h1PaintedAt ??= at);
  const check = () => {
    if (document.querySelector('h1')?.textContent?.trim()) requestAnimationFrame(() => done(performance.now()));
    else return false;
    return true;
  };
  new MutationObserver((_records, observer) => check() && observer.disconnect()).observe(document, {
    childList: true,
    subtree: true,
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureRepeatVisit(outDir) {
  const executablePath = findBrowser()?.executablePath;
  if (!executablePath) return null;
  const preview = await startPreview(outDir, await freePort());
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.addInitScript(recordHeading);
    const page = await context.newPage();
    const paintedAt = () => page.waitForFunction(() => window.__h1PaintedAt).then((handle) => handle.jsonValue());
    await page.goto(`${preview.url}/`);
    const firstMs = await paintedAt();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.waitForFunction(
      async () => (await (await caches.open('snxt-assets')).keys()).some((request) => /\/settings-/.test(request.url)),
      null,
      { timeout: 30_000, polling: 250 },
    );
    const repeats = [];
    let fromNetwork = 0;
    for (let run = 0; run < REPEATS; run += 1) {
      let requests = 0;
      const count = (response) => !response.fromServiceWorker() && (requests += 1);
      page.on('response', count);
      await page.goto(`${preview.url}/`);
      repeats.push(await paintedAt());
      page.off('response', count);
      fromNetwork = requests;
    }
    return { firstMs, repeatMs: median(repeats), repeatFromNetwork: fromNetwork };
  } finally {
    await browser.close();
    await preview.stop();
  }
}
