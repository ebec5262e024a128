import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { resourceNames } from '../../scripts/new/names.mjs';
import { expect, seedSettings, test } from './fixtures';
import { newAccount, signInAt } from './test-accounts';

// A resource made by `npm run new -- resource`, against the main build and the local provider's API. The repository
// ships none: `npm run test:recipes` generates two in a scratch copy, builds it once and runs this file there with
// E2E_RESOURCE={"path":"/notes","plural":"Notes","singular":"Note"}; a team runs it the same way for one of theirs.

type Names = ReturnType<typeof resourceNames>;

const given = process.env.E2E_RESOURCE;
const names: Names | null = given ? resourceNames(JSON.parse(given) as Parameters<typeof resourceNames>[0]) : null;
test.skip(!names, 'needs E2E_RESOURCE naming a generated resource (npm run test:recipes sets it)');
const r = () => names!;
const lower = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

const issuer = () => process.env.E2E_OIDC_ISSUER!;
const api = () => `${issuer()}/api/${r().name}`;

/** Records made through the API with the signed-in user's token, in order (their dates rise in the same order). */
async function make(page: Page, request: APIRequestContext, titles: string[]) {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
  });
  for (const title of titles) {
    const response = await request.post(api(), {
      // A socket kept from the account's request may be closed by the provider meanwhile (ECONNRESET under load).
      headers: { Authorization: `Bearer ${token}`, Connection: 'close' },
      data: { title, description: '' },
    });
    expect(response.status()).toBe(201);
  }
}

const main = (page: Page) => page.getByRole('main');
const titleLinks = (page: Page) => main(page).getByRole('table').getByRole('link');
const notices = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const TWELVE = [
  'Kiwi',
  'Apple',
  'Lemon',
  'Banana',
  'Mango',
  'Cherry',
  'Nectarine',
  'Date',
  'Olive',
  'Fig',
  'Papaya',
  'Grape',
];

test('lists, searches after a pause, sorts both ways, pages', async ({ page, request }) => {
  await signInAt(page, r().path, await newAccount(request));
  await expect(main(page).getByRole('heading', { level: 1, name: r().plural })).toBeVisible();
  await expect(main(page)).toContainText(r().texts.none);
  await expect(page.getByRole('navigation').getByRole('link', { name: r().plural }).first()).toBeVisible();
  await make(page, request, TWELVE);
  await page.reload();
  await expect(titleLinks(page)).toHaveCount(10);
  await expect(titleLinks(page).first()).toHaveText('Apple');
  const title = page.getByRole('columnheader', { name: 'Title' });
  const updated = page.getByRole('columnheader', { name: 'Updated' });
  await expect(title).toHaveAttribute('aria-sort', 'ascending');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText('Page 1 of 2');
  await pagination.getByRole('button', { name: 'Next page' }).click();
  await expect(titleLinks(page)).toHaveText(['Olive', 'Papaya']);

  await updated.getByRole('button').click();
  await expect(updated).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=updatedAt/);
  await expect(titleLinks(page).first()).toHaveText('Kiwi');
  await updated.getByRole('button').click();
  await expect(updated).toHaveAttribute('aria-sort', 'descending');
  await expect(titleLinks(page).first()).toHaveText('Grape');
  await title.getByRole('button').click();
  await title.getByRole('button').click();
  await expect(title).toHaveAttribute('aria-sort', 'descending');
  await expect(titleLinks(page).first()).toHaveText('Papaya');

  await page.getByRole('searchbox', { name: r().texts.search }).pressSequentially('an', { delay: 50 });
  await expect(page).toHaveURL(/q=an/);
  await expect(titleLinks(page)).toHaveText(['Mango', 'Banana']);
  await page.getByRole('searchbox', { name: r().texts.search }).fill('zzz');
  await expect(main(page)).toContainText(r().texts.noMatch.replace('{q}', 'zzz'));
});

test('creates one with every message, edits it, and a save from a second tab gets its 412', async ({
  context,
  page,
  request,
}) => {
  await signInAt(page, `${r().path}/new`, await newAccount(request));
  await expect(page).toHaveTitle(`${r().texts.new} - Starter Next`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home›',
    `${r().plural}›`,
    r().texts.new,
  ]);
  await page.getByRole('button', { name: 'Save' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Enter a title']);
  const titleField = page.getByRole('textbox', { name: 'Title' });
  await expect(titleField).toHaveAccessibleDescription('Enter a title');
  await titleField.fill('t'.repeat(201));
  await page.getByRole('textbox', { name: 'Description' }).fill('d'.repeat(2001));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(summary.getByRole('link')).toHaveText([
    'Title must be 200 characters or fewer',
    'Description must be 2000 characters or fewer',
  ]);
  await titleField.fill('First draft');
  await page.getByRole('textbox', { name: 'Description' }).fill('Mine.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notices(page)).toContainText(r().texts.saved);
  await expect(main(page).getByRole('heading', { level: 1, name: 'First draft' })).toBeVisible();
  await expect(page).toHaveTitle('First draft - Starter Next');

  await titleField.fill('Second draft');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Second draft' })).toBeVisible();

  const other = await context.newPage();
  await other.goto(page.url());
  await other.getByRole('textbox', { name: 'Title' }).fill('From the other tab');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(notices(other)).toContainText(r().texts.saved);
  await page.bringToFront();
  await page.getByRole('textbox', { name: 'Description' }).fill('Mine, again.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notices(page)).toContainText(r().texts.changedElsewhere);
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Mine, again.');
});

test('deletes one, then a selection with one refusal, and exports the CSV of the search', async ({ page, request }) => {
  await signInAt(page, r().path, await newAccount(request));
  await make(page, request, ['Alpha', 'Bravo', 'Charlie', '=HYPERLINK("x")', 'Delta, the "fourth"']);
  await page.reload();
  await titleLinks(page).filter({ hasText: 'Alpha' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete “Alpha”?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`${r().path}$`));
  await expect(notices(page)).toContainText(r().texts.deleted);
  await expect(titleLinks(page).filter({ hasText: 'Alpha' })).toHaveCount(0);

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await csv;
  expect(download.suggestedFilename()).toBe(`${r().name}.csv`);
  const rows = (await (await download.createReadStream()).toArray()).join('').split('\r\n');
  expect(rows[0]).toBe('Title,Updated');
  expect(rows.slice(1, -1).map((row) => row.replace(/,[^,"]*$|,"[^"]*"$/, ''))).toEqual([
    `"'=HYPERLINK(""x"")"`,
    'Bravo',
    'Charlie',
    '"Delta, the ""fourth"""',
  ]);

  // The API refuses one of the three; the others go.
  await page.route(
    (url) => url.href.startsWith(`${api()}/`),
    async (route) => {
      const body = route.request().method() === 'DELETE' ? await route.fetch({ method: 'GET' }) : null;
      const refused = body !== null && ((await body.json()) as { title: string }).title === 'Charlie';
      if (refused) await route.fulfill({ status: 403, json: { error: 'forbidden' } });
      else await route.fallback();
    },
  );
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Delete selected (4)' }).click();
  const plural = `Delete 4 ${lower(r().plural)}?`;
  await page.getByRole('alertdialog', { name: plural }).getByRole('button', { name: 'Delete' }).click();
  await expect(notices(page)).toContainText("You don't have permission to do that.");
  await expect(notices(page)).toContainText(`3 ${lower(r().plural)} deleted.`);
  await expect(titleLinks(page)).toHaveText(['Charlie']);
});

test('German and Hebrew, mirrored: the kit and the translated fields in the language, its own words in English', async ({
  page,
  request,
}) => {
  await seedSettings(page, { language: 'de' });
  await signInAt(page, `${r().path}/new`, await newAccount(request));
  await expect(page.getByRole('textbox', { name: 'Titel' })).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Es gibt ein Problem' }).getByRole('link')).toHaveText([
    'Geben Sie einen Titel ein',
  ]);
  await page.getByRole('textbox', { name: 'Titel' }).fill('Erste');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Erste' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).getByRole('link', { name: r().plural }).click();
  await expect(page.getByRole('columnheader', { name: 'Geändert' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Alle auf dieser Seite auswählen' })).toBeVisible();

  await page.getByRole('banner').getByRole('combobox', { name: 'Sprache' }).selectOption('he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const title = await page.getByRole('columnheader', { name: 'כותרת' }).boundingBox();
  const updated = await page.getByRole('columnheader', { name: 'עודכן' }).boundingBox();
  const selectAll = await page.getByRole('checkbox', { name: 'בחירת הכול בדף זה' }).boundingBox();
  // Right to left: the selection, then Title, then Updated, from the right edge.
  expect(title!.x).toBeGreaterThanOrEqual(updated!.x + updated!.width - 1);
  expect(selectAll!.x).toBeGreaterThan(title!.x + title!.width / 2);
});

test.describe('axe', () => {
  test.use({ reducedMotion: 'reduce' });
  for (const theme of ['DEFAULT-THEME', 'LIGHT-THEME', 'NATURE-THEME', 'BLACK-THEME']) {
    test(`the list and the form, ${theme}`, async ({ page, request }) => {
      await seedSettings(page, { theme, pageAnimations: false, elementsAnimations: false });
      await signInAt(page, r().path, await newAccount(request));
      await make(page, request, ['One', 'Two']);
      await page.reload();
      await expect(titleLinks(page)).toHaveCount(2);
      const check = async (where: string) => {
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect(serious, where).toEqual([]);
      };
      await check(`${r().path} in ${theme}`);
      await titleLinks(page).first().click();
      await page.getByRole('textbox', { name: 'Title' }).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
      await check(`a record with errors in ${theme}`);
    });
  }
});
