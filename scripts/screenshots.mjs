// `npm run screenshots -- http://127.0.0.1:4173 [path ...]`: every theme at 390 and 1280 px, plus Hebrew and German,
// into .screenshots/ for a look by eye (the settings go straight into localStorage). Without paths: the pages in dist/.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { builtPages } from '../build/built-pages.mjs';
import { CHROMIUM_ARGS, findBrowser } from '../tests/support/find-browser.mjs';

const [base = 'http://127.0.0.1:4173', ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : builtPages('dist').map((page) => page.path);
const themes = (process.env.THEMES ?? 'DEFAULT-THEME,LIGHT-THEME,NATURE-THEME,BLACK-THEME').split(',');
const languages = (process.env.LANGS ?? 'en').split(',');
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number);
mkdirSync('.screenshots', { recursive: true });

const browser = await chromium.launch({ executablePath: findBrowser()?.executablePath, args: CHROMIUM_ARGS });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  const page = await context.newPage();
  for (const language of languages) {
    for (const theme of themes) {
      for (const path of targets) {
        await page.goto(base + '/');
        await page.evaluate(
          ([theme, language]) =>
            localStorage.setItem(
              'snxt-SETTINGS',
              JSON.stringify({ theme, language, pageAnimations: false, elementsAnimations: false }),
            ),
          [theme, language],
        );
        await page.goto(base + path);
        await page.waitForTimeout(600);
        const name = `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${theme.toLowerCase()}-${language}-${width}`;
        await page.screenshot({ path: `.screenshots/${name}.png`, fullPage: true });
        console.log(`.screenshots/${name}.png`);
      }
    }
  }
  await context.close();
}
await browser.close();
