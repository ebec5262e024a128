import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, seedSettings, test } from './fixtures';
import { newAccount, signInAt } from './test-accounts';

// The Books example against the main build and the local provider's Books API. Each test signs in as its own copy
// of the demo account (25 books, in snxt-editors) or the outsider (no books, no groups), so tests never share books.

const main = (page: Page) => page.getByRole('main');
const titleLinks = (page: Page) => main(page).getByRole('table').getByRole('link');
const notices = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe('the list', () => {
  test('searches after a pause, sorts both ways, pages with back, forward and reload', async ({ page, request }) => {
    await signInAt(page, '/books', await newAccount(request, 'demo'));
    await expect(page).toHaveTitle('Books - Starter Next');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
    await expect(titleLinks(page)).toHaveCount(10);
    await expect(titleLinks(page).first()).toHaveText('A Wizard of Earthsea');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toContainText('Page 1 of 3');
    await expect(pagination.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    const titleHeader = page.getByRole('columnheader', { name: 'Title' });
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    const yearHeader = page.getByRole('columnheader', { name: 'Year' });
    await yearHeader.getByRole('button').click();
    await expect(page).toHaveURL(/\/books\?sort=year$/);
    await expect(yearHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(titleHeader).not.toHaveAttribute('aria-sort');
    await expect(titleLinks(page).first()).toHaveText('Utopia');
    await yearHeader.getByRole('button').click();
    await expect(yearHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=year&order=desc/);
    // The last page's rows stay (marked busy) until the next arrive: read the rows once they have.
    await expect(main(page).getByRole('table')).toHaveAttribute('aria-busy', 'false');
    const newest = await titleLinks(page).first().textContent();
    expect(newest).not.toBe('Utopia');

    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect(pagination).toContainText('Page 2 of 3');
    await expect(page).toHaveURL(/page=2/);
    await expect(main(page).getByRole('table')).toHaveAttribute('aria-busy', 'false');
    const secondPageFirst = await titleLinks(page).first().textContent();
    await page.goBack();
    await expect(pagination).toContainText('Page 1 of 3');
    await expect(titleLinks(page).first()).toHaveText(newest!);
    await page.goForward();
    await expect(pagination).toContainText('Page 2 of 3');
    await page.reload();
    await expect(pagination).toContainText('Page 2 of 3');
    await expect(titleLinks(page).first()).toHaveText(secondPageFirst!);
    await expect(yearHeader).toHaveAttribute('aria-sort', 'descending');

    const search = page.getByRole('searchbox', { name: 'Search books' });
    await search.pressSequentially('orw', { delay: 50 });
    // Nothing changes while typing goes on; once it pauses, ?q= and page 1.
    await expect(page).toHaveURL(/q=orw/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(titleLinks(page)).toHaveText(['Nineteen Eighty-Four']);
    await search.fill('zzz-nothing');
    await expect(main(page)).toContainText('No books match “zzz-nothing”.');
    await search.fill('');
    await expect(titleLinks(page)).toHaveCount(10);
  });

  test('hostile search parameters fall back quietly', async ({ page, request, consoleErrors }) => {
    await signInAt(
      page,
      '/books?page=-1&sort=__proto__&order=sideways&pageSize=100000',
      await newAccount(request, 'demo'),
    );
    await expect(titleLinks(page)).toHaveCount(25);
    await expect(page.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 1');
    await page.goto('/books?page=99');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 3 of 3');
    expect(consoleErrors).toEqual([]);
  });

  test('a deep link to a book never shows the home page, and the title is the book’s', async ({ page, request }) => {
    await signInAt(page, '/books', await newAccount(request, 'demo'));
    const link = titleLinks(page).filter({ hasText: 'Frankenstein' });
    const href = await link.getAttribute('href');
    // The app's script held back: what the prerendered index.html shows on its own stays hidden.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(href!);
    await expect(page.locator('#root')).toBeHidden();
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    await page.goto(href!);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Frankenstein' })).toBeVisible();
    await expect(page).toHaveTitle('Frankenstein - Starter Next');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home›', 'Books›', 'Frankenstein']);
    await expect(breadcrumb.getByText('Frankenstein')).toHaveAttribute('aria-current', 'page');
    await breadcrumb.getByRole('link', { name: 'Books' }).click();
    await expect(page).toHaveURL(/\/books$/);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`placeholder rows hold the layout until the first page arrives (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await signInAt(page, '/books', await newAccount(request, 'demo'));
      await expect(titleLinks(page)).toHaveCount(10);
      // The next load waits a second for the list, and adds up every layout shift from its first paint on.
      await page.route(/\/api\/books\?/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { e2eShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.reload();
      await expect(main(page).getByRole('table')).toHaveAttribute('aria-busy', 'true');
      await expect(main(page).getByRole('table')).toHaveAttribute('aria-busy', 'false');
      await expect(titleLinks(page)).toHaveCount(10);
      expect(await page.evaluate(() => (window as unknown as { e2eShifts: number[] }).e2eShifts)).toEqual([]);
    });
  }
});

test.describe('the form', () => {
  test('creates a book, with every validation message and the summary', async ({ page, request }) => {
    await signInAt(page, '/books/new', await newAccount(request, 'demo'));
    await expect(page).toHaveTitle('New book - Starter Next');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
      'Home›',
      'Books›',
      'New book',
    ]);
    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Enter a title',
      'Enter an author',
      `Enter a year between 1450 and ${new Date().getFullYear()}`,
    ]);
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription('Enter a title');
    await summary.getByRole('link', { name: 'Enter an author' }).click();
    await expect(page.getByRole('textbox', { name: 'Author' })).toBeFocused();

    await title.fill('t'.repeat(201));
    await expect(title).toHaveAccessibleDescription('Title must be 200 characters or fewer');
    await page.getByRole('textbox', { name: 'Author' }).fill('a'.repeat(101));
    await expect(page.getByRole('textbox', { name: 'Author' })).toHaveAccessibleDescription(
      'Author must be 100 characters or fewer',
    );
    await page.getByRole('textbox', { name: 'Year' }).fill('1449');
    await page.getByRole('textbox', { name: 'ISBN' }).fill('978-0-13-468599-2');
    await page.getByRole('textbox', { name: 'Description' }).fill('d'.repeat(2001));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(summary.getByRole('link')).toHaveText([
      'Title must be 200 characters or fewer',
      'Author must be 100 characters or fewer',
      `Enter a year between 1450 and ${new Date().getFullYear()}`,
      'Enter a valid ISBN-10 or ISBN-13',
      'Description must be 2000 characters or fewer',
    ]);
    await expect(summary).toBeFocused();

    await title.fill('The Left Hand of Darkness');
    await expect(title).not.toHaveAttribute('aria-invalid');
    await page.getByRole('textbox', { name: 'Author' }).fill('Ursula K. Le Guin');
    await page.getByRole('textbox', { name: 'Year' }).fill('1969');
    await page.getByRole('textbox', { name: 'ISBN' }).fill('978-0-441-47812-5');
    await page.getByRole('textbox', { name: 'Description' }).fill('An envoy on a winter planet.');
    await expect(summary).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notices(page)).toContainText('Book saved.');
    await expect(main(page).getByRole('heading', { level: 1, name: 'The Left Hand of Darkness' })).toBeVisible();
    await expect(page).toHaveURL(/\/books\/[\w-]+$/);
    await expect(page.getByRole('textbox', { name: 'ISBN' })).toHaveValue('9780441478125');
    await expect(main(page)).toContainText(/Last changed \w+ \d+, \d{4}/);
    // Back goes to the list, not to an empty form.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/books\/new/);
  });

  test('edits a book; unsaved changes ask before a link or back leaves', async ({ page, request }) => {
    await signInAt(page, '/books?q=hobbit', await newAccount(request, 'demo'));
    await titleLinks(page).first().click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue('The Hobbit');
    await title.fill('The Hobbit, or There and Back Again');

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Books' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeHidden();
    await expect(title).toHaveValue('The Hobbit, or There and Back Again');
    await expect(title).toBeVisible();

    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/books\/[\w-]+$/);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notices(page)).toContainText('Book saved.');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('The Hobbit, or There and Back Again');
    await expect(page).toHaveTitle('The Hobbit, or There and Back Again - Starter Next');
    await page.getByRole('banner').getByRole('link', { name: 'Books' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/books$/);
    await page.goto('/books?q=hobbit');
    await expect(titleLinks(page).first()).toHaveText('The Hobbit, or There and Back Again');

    await titleLinks(page).first().click();
    await title.fill('Changed again');
    await page.getByRole('banner').getByRole('link', { name: 'Books' }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/books\?q=hobbit$|\/books$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  });

  test('a change from another tab: Save says so, Reload loads it after asking', async ({ context, page, request }) => {
    await signInAt(page, '/books?q=dune', await newAccount(request, 'demo'));
    await titleLinks(page).filter({ hasText: 'Dune' }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Mine, from the first tab.');

    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByRole('textbox', { name: 'Title' }).fill('Dune (other tab)');
    await other.getByRole('button', { name: 'Save' }).click();
    await expect(notices(other)).toContainText('Book saved.');

    await page.bringToFront();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notices(page)).toContainText('This book was changed elsewhere.');
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Mine, from the first tab.');
    await notices(page).getByRole('button', { name: 'Reload' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Dune (other tab)');
    await expect(page.getByRole('textbox', { name: 'Description' })).not.toHaveValue('Mine, from the first tab.');
    await page.getByRole('textbox', { name: 'Year' }).fill('1966');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notices(page)).toContainText('Book saved.');
  });

  test('offline, Save and Delete say so and keep the form', async ({ context, page, request }) => {
    await signInAt(page, '/books?q=moby', await newAccount(request, 'demo'));
    await titleLinks(page).first().click();
    await page.getByRole('textbox', { name: 'Year' }).fill('1852');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notices(page)).toContainText("You're offline. Try again when you're back online.");
    await expect(page.getByRole('textbox', { name: 'Year' })).toHaveValue('1852');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Moby-Dick' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/books\/[\w-]+$/);
    await expect(page.getByRole('textbox', { name: 'Year' })).toHaveValue('1852');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notices(page)).toContainText('Book saved.');
  });
});

test.describe('deleting', () => {
  test('an editor deletes: the book leaves the list at once', async ({ page, request }) => {
    await signInAt(page, '/books?q=leviathan', await newAccount(request, 'demo'));
    await titleLinks(page).first().click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete “Leviathan”?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/books$/);
    await expect(notices(page)).toContainText('Book deleted.');
    await expect(titleLinks(page).filter({ hasText: 'Leviathan' })).toHaveCount(0);
    await page.reload();
    await expect(titleLinks(page)).toHaveCount(10);
    await expect(titleLinks(page).filter({ hasText: 'Leviathan' })).toHaveCount(0);
  });

  test('someone outside snxt-editors has no Delete; a forged claim gets 403 and the book comes back', async ({
    page,
    request,
  }) => {
    const outsider = await newAccount(request, 'outsider');
    await signInAt(page, '/books', outsider);
    await expect(main(page)).toContainText('No books yet.');
    await main(page).getByRole('table').locator('..').getByRole('link', { name: 'New book' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Kept');
    await page.getByRole('textbox', { name: 'Author' }).fill('Someone');
    await page.getByRole('textbox', { name: 'Year' }).fill('2001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notices(page)).toContainText('Book saved.');
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Books' }).click();
    await main(page).getByRole('checkbox', { name: 'Select Kept' }).check();
    await expect(main(page).getByText('1 selected')).toBeAttached();
    await expect(page.getByRole('button', { name: /Delete selected/ })).toHaveCount(0);
    await titleLinks(page).first().click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Kept' })).toBeVisible();

    // The stored profile says snxt-editors; the API goes by the real account.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        const value = JSON.parse(localStorage.getItem(key) ?? 'null');
        if (key === 'snxt-AUTH') value.user.groups = ['snxt-editors'];
        else if (key.startsWith('oidc.user:')) value.profile['cognito:groups'] = ['snxt-editors'];
        else continue;
        localStorage.setItem(key, JSON.stringify(value));
      }
    });
    await page.reload();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete “Kept”?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(notices(page)).toContainText("You don't have permission to do that.");
    await expect(titleLinks(page)).toHaveText(['Kept']);
  });
});

test.describe('selecting, deleting a selection, exporting', () => {
  const checkbox = (page: Page, name: string) => main(page).getByRole('checkbox', { name });

  test('from the keyboard: a checkbox per book and one for the page, the count announced; mirrored in Hebrew', async ({
    page,
    request,
  }) => {
    await signInAt(page, '/books', await newAccount(request, 'demo'));
    await expect(titleLinks(page)).toHaveCount(10);
    const first = await titleLinks(page).first().textContent();
    await checkbox(page, `Select ${first}`).focus();
    await page.keyboard.press('Space');
    await expect(checkbox(page, `Select ${first}`)).toBeChecked();
    await expect(main(page).getByText('1 selected')).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(titleLinks(page).first()).toBeFocused();
    await expect(checkbox(page, 'Select all on this page')).toHaveJSProperty('indeterminate', true);
    await checkbox(page, 'Select all on this page').focus();
    await page.keyboard.press('Space');
    await expect(main(page).getByRole('table').getByRole('checkbox', { checked: true })).toHaveCount(11);
    await expect(page.getByRole('button', { name: 'Delete selected (10)' })).toBeVisible();

    // Another page is another selection.
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(main(page).getByRole('table').getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Delete selected/ })).toHaveCount(0);

    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const title = await titleLinks(page).first().textContent();
    await checkbox(page, `בחירת ${title}`).check();
    await expect(page.getByRole('button', { name: 'מחיקת הנבחרים (1)' })).toBeVisible();
    const box = await checkbox(page, `בחירת ${title}`).boundingBox();
    const link = await titleLinks(page).first().boundingBox();
    // Right to left: the checkbox column is the first from the right.
    expect(box!.x).toBeGreaterThan(link!.x + link!.width);
  });

  test('deletes a selection: the rows leave at once, a refused one comes back with why, then how many went', async ({
    page,
    request,
  }) => {
    await signInAt(page, '/books', await newAccount(request, 'demo'));
    await expect(titleLinks(page)).toHaveCount(10);
    const chosen = (await titleLinks(page).allTextContents()).slice(0, 3);
    const refusedId = (await titleLinks(page).nth(1).getAttribute('href'))!.split('/').pop()!;
    // The API holds every delete until the rows are seen to leave; it refuses the second book's (a rule of its own).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const deletes = '**/books/*';
    await page.route(deletes, async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      await held;
      if (new URL(route.request().url()).pathname.endsWith(`/${refusedId}`)) {
        const origin = (await route.request().headerValue('origin')) ?? '*';
        return route.fulfill({
          status: 403,
          json: { error: 'forbidden' },
          headers: { 'access-control-allow-origin': origin },
        });
      }
      return route.fallback();
    });
    for (const title of chosen) await checkbox(page, `Select ${title}`).check();
    await page.getByRole('button', { name: 'Delete selected (3)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 3 books?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    for (const title of chosen) await expect(titleLinks(page).filter({ hasText: title })).toHaveCount(0);
    release();
    await expect(notices(page)).toContainText("You don't have permission to do that.");
    await expect(notices(page)).toContainText('2 books deleted.');
    await expect(titleLinks(page).filter({ hasText: chosen[1]! })).toHaveCount(1);
    await expect(checkbox(page, 'Select all on this page')).toBeFocused();

    await page.unroute(deletes);
    await page.reload();
    await expect(titleLinks(page)).toHaveCount(10);
    expect(await titleLinks(page).allTextContents()).not.toContain(chosen[0]);
    expect(await titleLinks(page).allTextContents()).toContain(chosen[1]);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 3');
  });

  test('Export CSV downloads books.csv: every book the search matches in its order, formulas written as text', async ({
    page,
    request,
  }) => {
    await signInAt(page, '/books/new', await newAccount(request, 'demo'));
    const formula = '=HYPERLINK("http://evil.test","Click"), a "classic"';
    await page.getByRole('textbox', { name: 'Title' }).fill(formula);
    await page.getByRole('textbox', { name: 'Author' }).fill('@Someone');
    await page.getByRole('textbox', { name: 'Year' }).fill('2001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notices(page)).toContainText('Book saved.');

    const exported = async (button = 'Export CSV') => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: button }).click(),
      ]);
      const text = readFileSync((await download.path())!, 'utf8');
      return { name: download.suggestedFilename(), rows: text.split('\r\n') };
    };
    await page.goto('/books?sort=year&order=desc');
    await expect(titleLinks(page)).toHaveCount(10);
    const all = await exported();
    expect(all.name).toBe('books.csv');
    expect(all.rows[0]).toBe('Title,Author,Year');
    expect(all.rows.at(-1)).toBe('');
    const body = all.rows.slice(1, -1);
    expect(body).toHaveLength(26);
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""Click""), a ""classic""",'@Someone,2001`);
    const years = body.map((row) => Number(row.slice(row.lastIndexOf(',') + 1)));
    expect(years).toEqual([...years].sort((a, b) => b - a));

    await page.getByRole('searchbox', { name: 'Search books' }).fill('the');
    await expect(page).toHaveURL(/q=the/);
    await expect(main(page).getByRole('table')).toHaveAttribute('aria-busy', 'false');
    const matching = await titleLinks(page).allTextContents();
    const searched = (await exported()).rows.slice(1, -1);
    expect(searched.slice(0, matching.length).map((row) => row.slice(0, row.indexOf(',')))).toEqual(matching);
    for (const row of searched) expect(row).toMatch(/the/i);

    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
    expect((await exported('CSV exportieren')).rows[0]).toBe('Titel,Autor,Jahr');
  });
});

test('no data crosses users: after sign-out the next user never sees the last one’s books', async ({
  page,
  request,
}) => {
  await signInAt(page, '/books', await newAccount(request, 'demo'));
  await expect(titleLinks(page)).toHaveCount(10);
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.getElementById('root')?.textContent?.includes('A Wizard of Earthsea')) {
        sessionStorage.setItem('e2e-seen-demo-books', '1');
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // Logout ends at the provider, which sends the browser back home: the next sign-in starts once that page loaded.
  const home = `${new URL(page.url()).origin}/`;
  const backHome = page.waitForRequest((sent) => sent.isNavigationRequest() && sent.url() === home);
  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await backHome;
  await page.waitForLoadState('load');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await signInAt(page, '/books', await newAccount(request, 'outsider'));
  await expect(main(page)).toContainText('No books yet.');
  expect(await page.evaluate(() => sessionStorage.getItem('e2e-seen-demo-books'))).toBeNull();
});

test('German and Hebrew, mirrored', async ({ page, request }) => {
  await seedSettings(page, { language: 'de' });
  await signInAt(page, '/books', await newAccount(request, 'demo'));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Bücher' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Bücher durchsuchen' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Seitennavigation' })).toContainText('Seite 1 von 3');
  await titleLinks(page).first().click();
  await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).getByRole('link')).toHaveText([
    'Startseite',
    'Bücher',
  ]);
  await expect(main(page)).toContainText(/Zuletzt geändert: \d+\. \p{L}+ \d{4}/u);
  await expect(main(page).getByRole('textbox', { name: 'Jahr' })).toHaveValue(/^\d{4}$/);

  await page.getByRole('banner').getByRole('combobox', { name: 'Sprache' }).selectOption('he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation', { name: 'פירורי לחם' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'שמירה' })).toBeVisible();
  const crumb = await page.getByRole('navigation', { name: 'פירורי לחם' }).getByRole('link').first().boundingBox();
  const heading = await main(page).getByRole('heading', { level: 1 }).boundingBox();
  // Right to left: the trail starts at the right edge, where the heading does.
  expect(Math.abs(crumb!.x + crumb!.width - (heading!.x + heading!.width))).toBeLessThan(2);
});

test('no CSP violation on the way through', async ({ page, request }) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('e2e-csp') ?? '[]') as string[];
      sessionStorage.setItem('e2e-csp', JSON.stringify([...seen, `${event.effectiveDirective} ${event.blockedURI}`]));
    });
  });
  const violations: string[] = [];
  page.on(
    'console',
    (message) => /Content Security Policy|Trusted Type/i.test(message.text()) && violations.push(message.text()),
  );
  await signInAt(page, '/books', await newAccount(request, 'demo'));
  await titleLinks(page).first().hover();
  await titleLinks(page).first().click();
  await page.getByRole('textbox', { name: 'Title' }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Fine');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notices(page)).toContainText('Book saved.');
  expect([
    ...violations,
    ...JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-csp'))) ?? '[]'),
  ]).toEqual([]);
});

test.describe('axe', () => {
  test.use({ reducedMotion: 'reduce' });
  for (const theme of ['DEFAULT-THEME', 'LIGHT-THEME', 'NATURE-THEME', 'BLACK-THEME']) {
    test(`the list and the form, ${theme}`, async ({ page, request }) => {
      await seedSettings(page, { theme, pageAnimations: false, elementsAnimations: false });
      await signInAt(page, '/books', await newAccount(request, 'demo'));
      await expect(titleLinks(page)).toHaveCount(10);
      const check = async (where: string) => {
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect(serious, where).toEqual([]);
      };
      await check(`/books in ${theme}`);
      await titleLinks(page).first().click();
      await page.getByRole('textbox', { name: 'Title' }).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
      await check(`a book with errors in ${theme}`);
    });
  }
});

test.describe('what a fourth review found', () => {
  test('leaving a new book half typed asks, whichever way out: toolbar, user menu, palette, back, drawer', async ({
    page,
    request,
  }) => {
    await signInAt(page, '/books', await newAccount(request, 'demo'));
    await main(page).getByRole('link', { name: 'New book' }).first().click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Half a book');
    const dialog = page.getByRole('alertdialog', { name: 'Discard changes?' });
    const keepEditing = async (way: string) => {
      await expect(dialog, way).toBeVisible();
      await dialog.getByRole('button', { name: 'Keep editing' }).click();
      await expect(dialog).toBeHidden();
      await expect(page, way).toHaveURL(/\/books\/new$/);
      await expect(title).toHaveValue('Half a book');
    };

    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await keepEditing('the toolbar’s Settings link');
    await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await keepEditing('the user menu');
    await page.keyboard.press('Control+K');
    await page.getByRole('combobox', { name: 'Type a command or search' }).fill('Home');
    await page.keyboard.press('Enter');
    await keepEditing('the palette');
    await page.goBack();
    await keepEditing('back');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#side-drawer').getByRole('link', { name: 'Settings' }).click();
    await keepEditing('the drawer');
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('a list that cannot load says so; Try again, and back online, load it', async ({ context, page, request }) => {
    await signInAt(page, '/books', await newAccount(request, 'demo'));
    await expect(titleLinks(page)).toHaveCount(10);
    await page.route(/\/api\/books\?/, (route) => route.fulfill({ status: 503, body: 'Service unavailable' }));
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Next page' }).click();
    const alert = main(page).getByRole('alert');
    await expect(alert).toHaveText(/The books could not be loaded\./);
    await expect(main(page).getByRole('table')).toHaveCount(0);
    await expect(page.getByText(/See console|An error occurred/)).toHaveCount(0);
    await page.unroute(/\/api\/books\?/);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(titleLinks(page)).toHaveCount(10);
    await expect(pagination).toContainText('Page 2 of 3');

    await context.setOffline(true);
    await pagination.getByRole('button', { name: 'Next page' }).click();
    await expect(alert).toHaveText(/You're offline\. Try again when you're back online\./);
    await context.setOffline(false);
    await expect(titleLinks(page)).toHaveCount(5);
    await expect(main(page).getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  test('saving a book another tab deleted says so, with a link back; the form keeps its values', async ({
    context,
    page,
    request,
  }) => {
    await signInAt(page, '/books?q=beloved', await newAccount(request, 'demo'));
    await titleLinks(page).first().click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Mine, kept.');
    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByRole('button', { name: 'Delete' }).click();
    await other.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(notices(other)).toContainText('Book deleted.');

    await page.bringToFront();
    await page.getByRole('button', { name: 'Save' }).click();
    const warning = main(page).getByRole('alert').filter({ hasText: 'This book was deleted elsewhere.' });
    await expect(warning).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Mine, kept.');
    await expect(page.getByText(/See console|An error occurred/)).toHaveCount(0);
    await warning.getByRole('link', { name: 'Back to Books' }).click();
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/books$/);
  });

  test('a book’s page: one current breadcrumb, a date that does not parse as "—", no console error', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await signInAt(page, '/books?q=frankenstein', await newAccount(request, 'demo'));
    await page.route(/\/api\/books\/[\w-]+$/, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      route.fulfill({ response, json: { ...(await response.json()), updatedAt: 'last Tuesday' } });
    });
    await titleLinks(page).first().click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Frankenstein' })).toBeVisible();
    await expect(main(page)).toContainText('Last changed —');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.locator('[aria-current]')).toHaveText(['Frankenstein']);
    expect(consoleErrors).toEqual([]);
  });

  test('what the list ignores leaves the address, with no new history entry', async ({ page, request }) => {
    await signInAt(page, '/books', await newAccount(request, 'demo'));
    const entries = await page.evaluate(() => history.length);
    await page.evaluate(() => {
      history.pushState(history.state, '', '/books?sort=bogus&page=abc&order=year');
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    });
    await expect(page).toHaveURL(/\/books$/);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goto('/books?sort=year&order=sideways&page=2');
    await expect(page).toHaveURL(/\/books\?sort=year&page=2$/);
    // The demo's 25 books fit on one page of 100: once they are in, a page past the last becomes the last.
    await page.goto('/books?sort=year&order=sideways&page=2&pageSize=100000');
    await expect(page).toHaveURL(/\/books\?sort=year&pageSize=100$/);
  });

  test('an invalid field stays red under the pointer', async ({ page, request }) => {
    await signInAt(page, '/books/new', await newAccount(request, 'demo'));
    await page.getByRole('button', { name: 'Save' }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await page.mouse.move(0, 0);
    // The border's colour once its transition has ended: read during one, it is on its way to red.
    const settledBorder = () =>
      title.evaluate(async (field) => {
        await Promise.all(field.getAnimations().map((animation) => animation.finished));
        return getComputedStyle(field).borderTopColor;
      });
    await expect.poll(settledBorder).toBe('rgb(179, 38, 30)');
    await title.hover();
    await expect.poll(() => title.evaluate((field) => field.matches(':hover'))).toBe(true);
    expect(await settledBorder()).toBe('rgb(179, 38, 30)');
  });
});

test.describe('notices never cover the page’s actions', () => {
  for (const { width, height, language } of [
    { width: 1280, height: 800, language: 'en' },
    { width: 1280, height: 800, language: 'he' },
    { width: 390, height: 844, language: 'en' },
    { width: 390, height: 844, language: 'he' },
  ]) {
    test(`the 412 warning leaves Save and Delete uncovered (${width} × ${height}, ${language})`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height });
      await seedSettings(page, { language });
      await signInAt(page, '/books?q=dune', await newAccount(request, 'demo'));
      await titleLinks(page)
        .filter({ hasText: /^Dune$/ })
        .click();
      await page.locator('textarea').fill('Mine.');
      await page.route(/\/api\/books\/[\w-]+$/, (route) =>
        route.request().method() === 'PUT' ? route.fulfill({ status: 412 }) : route.continue(),
      );
      const save = page.locator('form button[type=submit]');
      await save.click();
      await expect(page.locator('li[data-kind="warning"]')).toHaveCount(1);
      for (const action of [save, page.locator('form button[type=button]')]) {
        const covered = await action.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.bottom > innerHeight || !button.contains(hit);
        });
        expect(covered).toBe(false);
      }
      await page.screenshot({ path: test.info().outputPath(`412-${width}-${language}.png`) });
    });
  }
});

test('names and titles wrap between words at 390 px with the largest text', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedSettings(page, { textSize: 'larger' });
  await signInAt(page, '/books?pageSize=25', await newAccount(request, 'demo'));
  await expect(titleLinks(page)).toHaveCount(25);
  const split = await main(page)
    .getByRole('table')
    .evaluate((table) =>
      [...table.querySelectorAll('tbody td')].flatMap((cell) => {
        const text =
          cell.firstChild?.nodeType === Node.TEXT_NODE ? cell.firstChild : cell.querySelector('a')?.firstChild;
        if (!text?.textContent) return [];
        // A line may end after a space or a hyphen (Eighty-|Four), never inside a word.
        return [...text.textContent.matchAll(/[^\s-]+/g)].flatMap((word) => {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return lines.size > 1 ? [word[0]] : [];
        });
      }),
    );
  expect(split).toEqual([]);
});
