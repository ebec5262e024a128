// Finds a Chromium for Playwright: $CHROMIUM_PATH, then Debian's /usr/bin/chromium, then
// Playwright's own download. With --install it first tries to get one: Playwright's download
// where the network allows, then Debian's `chromium` through apt when running as root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags that keep a headless Chromium from calling out to the network on start-up. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const HOW_TO_GET_A_BROWSER = [
  'No Chromium found for the end-to-end tests. Install one of:',
  "  - Playwright's browser:  npx playwright install chromium",
  '  - Debian/Ubuntu:          sudo apt-get install -y chromium',
  '  - or set CHROMIUM_PATH to a Chromium or Chrome binary.',
].join('\n');

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** @returns {{ executablePath: string | undefined, source: string } | null} */
export function findBrowser(env = process.env) {
  if (env.CHROMIUM_PATH) {
    return existsSync(env.CHROMIUM_PATH) ? { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' } : null;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, source: 'Debian chromium' };
  try {
    if (existsSync(chromium.executablePath())) return { executablePath: undefined, source: "Playwright's chromium" };
  } catch {
    // Playwright throws when its browser was never downloaded.
  }
  return null;
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', timeout: 10 * 60_000 }).status === 0;
}

function install() {
  if (run(process.execPath, ['node_modules/@playwright/test/cli.js', 'install', 'chromium']) && findBrowser()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium']);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!findBrowser() && process.argv.includes('--install')) install();
  const browser = findBrowser();
  if (!browser) {
    console.error(HOW_TO_GET_A_BROWSER);
    process.exit(1);
  }
  console.log(`Chromium for end-to-end tests: ${browser.executablePath ?? "Playwright's own"} (${browser.source})`);
}
