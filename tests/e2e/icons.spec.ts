import type { Page } from '@playwright/test';
import { expect, nothingHappensFor, test } from './fixtures';

const SETTINGS_CHUNK = /\/assets\/settings-[\w-]+\.js(\?.*)?$/;
const HOME_ICON = /\/assets\/icons\/home\.svg$/;
const ICON_ELEMENTS = ['svg', 'g', 'path', 'rect', 'circle'];
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`;

/**
 * Opens the route error page, the one place that shows an icon file (the home icon), with
 * `home.svg` answered by `icon`. Returns the icon's box once the icon has arrived or failed.
 */
async function showHomeIcon(page: Page, icon?: string) {
  await page.route(SETTINGS_CHUNK, (route) => route.abort('failed'));
  if (icon) await page.route(HOME_ICON, (route) => route.fulfill({ contentType: 'image/svg+xml', body: icon }));
  await page.goto('/settings');
  await expect(page.getByRole('alert')).toContainText('This page could not be shown');
  const box = page.getByRole('link', { name: 'Go to the home page' }).locator('span[aria-hidden="true"]');
  const failed = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(box.locator('svg').or(failed).first()).toBeVisible();
  return box;
}

test.describe('icon files', () => {
  test('the home icon is drawn inline from its file', async ({ page }) => {
    const box = await showHomeIcon(page);
    await expect(box.locator('svg path')).toHaveCount(1);
    expect(await box.locator('svg').getAttribute('viewBox')).toBe('0 0 24 24');
  });

  const hostile: [string, string][] = [
    [
      'a processing instruction hiding an <img>',
      svg('<?x ><img src="https://evil.test/pi" onerror="alert(1)">?><path d="M0 0h24v24H0z"/>'),
    ],
    ['a tab inside javascript:', svg('<a href="java&#9;script:alert(1)"><path d="M0 0h24v24H0z"/></a>')],
    ['upper-case <FOREIGNOBJECT>', svg('<FOREIGNOBJECT><iframe src="https://evil.test/fo"></iframe></FOREIGNOBJECT>')],
    ['upper-case <SCRIPT>', svg('<SCRIPT>alert(1)</SCRIPT><path d="M0 0h24v24H0z"/>')],
    [
      '<meta http-equiv=refresh>',
      svg('<meta http-equiv="refresh" content="0;url=https://evil.test/meta"/><path d="M0 0"/>'),
    ],
    [
      '<use> and <image> pointing elsewhere',
      svg('<use href="https://evil.test/u.svg#x"/><image href="https://evil.test/i.png"/>'),
    ],
  ];

  test('an id in an icon file does not replace a global of the page (window.dataLayer)', async ({ page }) => {
    const box = await showHomeIcon(page, svg('<path id="dataLayer" d="M0 0h24v24H0z"/>'));
    await expect(box.locator('svg path')).toHaveCount(1);
    const dataLayer = await page.evaluate(() => {
      const value: unknown = Reflect.get(window, 'dataLayer');
      return value === undefined || Array.isArray(value) ? 'untouched' : String(value);
    });
    expect(dataLayer).toBe('untouched');
    expect(await page.locator('[id="dataLayer"]').count()).toBe(0);
  });

  test("an icon's ids are its own in the page, and its references follow them", async ({ page }) => {
    const gradient = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
        '<path fill="url(#g)" d="M0 0h24v24H0z"/>',
    );
    const box = await showHomeIcon(page, gradient);
    const ids = await box.locator('svg').evaluate((icon) => {
      const path = icon.querySelector('path')!;
      return { gradient: icon.querySelector('linearGradient')!.id, fill: path.getAttribute('fill') };
    });
    expect(ids.gradient).not.toBe('g');
    expect(ids.fill).toBe(`url(#${ids.gradient})`);
  });

  for (const [name, icon] of hostile) {
    test(`a hostile file (${name}) runs, loads and navigates nothing`, async ({ page }) => {
      const dialogs: string[] = [];
      const foreign: string[] = [];
      page.on('dialog', (dialog) => (dialogs.push(dialog.message()), void dialog.dismiss()));
      page.on('request', (request) => new URL(request.url()).hostname === 'evil.test' && foreign.push(request.url()));
      const box = await showHomeIcon(page, icon);
      await nothingHappensFor(page, 500, 'the file starts no refresh, image or frame');
      expect(new URL(page.url()).pathname).toBe('/settings');
      expect(dialogs).toEqual([]);
      expect(foreign).toEqual([]);
      const inside = await box.evaluate((element) =>
        [...element.querySelectorAll('*')].map((node) => `${node.namespaceURI} ${node.localName}`),
      );
      for (const element of inside) {
        expect(ICON_ELEMENTS.map((tag) => `http://www.w3.org/2000/svg ${tag}`)).toContain(element);
      }
      expect(await page.locator('body meta, body img, body iframe').count()).toBe(0);
    });
  }
});
