// `npm run icons` (after the logo changes): the PNG app icons from public/favicon.svg, by the local Chromium. The
// maskable and Apple icons get a full-bleed background: the platform cuts its own shape out of them.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../tests/support/find-browser.mjs';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const BACKGROUND = '#3949ab';
const ICONS = [
  { file: 'public/icons/icon-192.png', size: 192, fullBleed: false },
  { file: 'public/icons/icon-512.png', size: 512, fullBleed: false },
  { file: 'public/icons/icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'public/icons/apple-touch-icon.png', size: 180, fullBleed: true },
];

const browser = await chromium.launch({ executablePath: findBrowser()?.executablePath, args: CHROMIUM_ARGS });
for (const { file, size, fullBleed } of ICONS) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // Maskable icons keep their content inside the middle 80% (the safe zone).
  const inner = fullBleed ? Math.round(size * 0.8) : size;
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${
      fullBleed ? BACKGROUND : 'transparent'
    }"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${inner}" height="${inner}"></body>`,
  );
  await page.screenshot({ path: file, omitBackground: !fullBleed });
  await page.close();
  console.log(file);
}
await browser.close();
