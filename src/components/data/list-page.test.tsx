import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openNotes as openPage, serveNotes, shelf } from '../../test/notes-resource';

// A resource's list (the tests' Notes) through the data kit, with its API answered at fetch: it filters, sorts and
// pages like a real one, and every request it gets is kept.

function serveList(records: ReturnType<typeof shelf>, answer?: Parameters<typeof serveNotes>[1]) {
  const api = serveNotes(records, answer);
  const requests = () => api.sent.filter((request) => request.path === '/notes').map((request) => request.search);
  return {
    ...api,
    get requests() {
      return requests();
    },
    lastRequest: api.lastList,
  };
}

async function openList(url = '/notes') {
  const rendered = await openPage(url);
  await screen.findByRole('heading', { level: 1, name: 'Notes' });
  return rendered;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table');
const titles = () =>
  within(table())
    .queryAllByRole('link')
    .map((link) => link.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name });
const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });
const pageButton = (name: 'Previous page' | 'Next page') => within(pagination()).getByRole('button', { name });
const shownPage = async (text: string) => expect(await within(pagination()).findByText(text)).toBeVisible();
const searchBox = () => screen.getByRole('searchbox', { name: 'Search notes' });

describe('a resource’s list', () => {
  it('shows the first ten by title, each title a link to its page, on page 1 of 3', async () => {
    const api = serveList(shelf(25));
    await openList();
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(titles()[0]).toBe('Note 01');
    expect(within(table()).getByRole('link', { name: 'Note 01' })).toHaveAttribute('href', '/notes/note-1');
    expect(api.lastRequest()).toEqual({ sort: 'title', order: 'asc', page: '1', pageSize: '10' });
    await shownPage('Page 1 of 3');
    expect(pageButton('Previous page')).toBeDisabled();
    expect(pageButton('Next page')).toBeEnabled();
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });

  it('holds the layout with placeholder rows, marked busy and hidden, while the first page loads', async () => {
    serveList([], () => new Promise<Response>(() => undefined));
    await openList('/notes?pageSize=5');
    const rows = within(table()).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(6);
    expect(rows.slice(1).every((row) => row.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(pageButton('Next page')).toBeDisabled();
  });

  it('sorts by a column from its header button, marked by aria-sort; again reverses; another starts ascending', async () => {
    const api = serveList(shelf(25));
    const { userEvent, where } = await openList('/notes?page=2');
    await shownPage('Page 2 of 3');
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Year')).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header('Year')).getByRole('button', { name: 'Year' }));
    await waitFor(() => expect(where()).toBe('/notes?sort=year'));
    expect(header('Year')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Title')).not.toHaveAttribute('aria-sort');
    await waitFor(() => expect(titles()[0]).toBe('Note 01'));
    expect(api.lastRequest()).toMatchObject({ sort: 'year', order: 'asc', page: '1' });

    await userEvent.click(within(header('Year')).getByRole('button'));
    await waitFor(() => expect(where()).toBe('/notes?sort=year&order=desc'));
    expect(header('Year')).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(screen.getAllByRole('cell')[3]).toHaveTextContent('1925'));

    await userEvent.click(within(header('Author')).getByRole('button'));
    await waitFor(() => expect(where()).toBe('/notes?sort=author'));
    expect(header('Author')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Year')).not.toHaveAttribute('aria-sort');
    await waitFor(() => expect(titles()[0]).toBe('Note 25'));

    await userEvent.click(within(header('Title')).getByRole('button'));
    await waitFor(() => expect(where()).toBe('/notes'));
  });

  it('pages with Next and Previous, each a page in the URL, and the URL brings a page back', async () => {
    serveList(shelf(25));
    const { router, userEvent, where } = await openList('/notes?sort=year&order=desc');
    await shownPage('Page 1 of 3');

    await userEvent.click(pageButton('Next page'));
    await shownPage('Page 2 of 3');
    expect(where()).toBe('/notes?sort=year&order=desc&page=2');
    expect(pageButton('Previous page')).toBeEnabled();
    await userEvent.click(pageButton('Next page'));
    await shownPage('Page 3 of 3');
    await waitFor(() => expect(titles()).toHaveLength(5));
    expect(pageButton('Next page')).toBeDisabled();

    await userEvent.click(pageButton('Previous page'));
    await shownPage('Page 2 of 3');
    await act(async () => router.history.back());
    await shownPage('Page 3 of 3');
    await act(async () => router.history.go(-2));
    await shownPage('Page 1 of 3');
    expect(where()).toBe('/notes?sort=year&order=desc');
    expect(header('Year')).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches once typing pauses for 300 ms, on page 1, replacing the URL rather than adding to the history', async () => {
    const api = serveList([
      ...shelf(25),
      {
        id: 'other',
        title: 'Dune',
        author: 'Frank Herbert',
        year: 1965,
        description: '',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    const { router, where } = await openList('/notes?page=2');
    await shownPage('Page 2 of 3');
    const requestsBefore = api.requests.length;
    const historyBefore = router.history.length;

    vi.useFakeTimers();
    fireEvent.change(searchBox(), { target: { value: 'Not' } });
    await act(async () => vi.advanceTimersByTime(299));
    fireEvent.change(searchBox(), { target: { value: 'Note ' } });
    await act(async () => vi.advanceTimersByTime(299));
    expect(where()).toBe('/notes?page=2');
    expect(api.requests).toHaveLength(requestsBefore);
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(where()).toBe('/notes?q=Note'));
    expect(router.history.length).toBe(historyBefore);
    await shownPage('Page 1 of 3');
    await waitFor(() => expect(titles()[0]).toBe('Note 01'));
    expect(api.lastRequest()).toMatchObject({ q: 'Note', page: '1' });
    expect(api.requests.slice(requestsBefore).map((request) => request.get('q'))).not.toContain('Not');
  });

  it('follows the URL: the field shows its q, back and forward bring the last one back, emptying it takes q out', async () => {
    serveList(shelf(25));
    const { router, userEvent, where } = await openList('/notes?q=Note+2');
    expect(searchBox()).toHaveValue('Note 2');
    await waitFor(() => expect(titles()).toHaveLength(6));

    await act(async () => router.history.push('/notes?q=Note+1'));
    await waitFor(() => expect(searchBox()).toHaveValue('Note 1'));
    await act(async () => router.history.back());
    await waitFor(() => expect(searchBox()).toHaveValue('Note 2'));
    await waitFor(() => expect(titles()).toHaveLength(6));

    await userEvent.clear(searchBox());
    await waitFor(() => expect(where()).toBe('/notes'));
    await waitFor(() => expect(titles()).toHaveLength(10));
  });

  it('says so when nothing matches the search, without the New link of an empty list', async () => {
    serveList(shelf(25));
    await openList('/notes?q=zzz');
    expect(await screen.findByText('No notes match “zzz”.')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'New note' })).toHaveLength(1);
    expect(screen.queryByText('No notes yet.')).toBeNull();
  });

  it('says there are none yet, with a second link to add one', async () => {
    serveList([]);
    await openList();
    expect(await screen.findByText('No notes yet.')).toBeVisible();
    const newNote = screen.getAllByRole('link', { name: 'New note' });
    expect(newNote).toHaveLength(2);
    expect(newNote[1]).toHaveAttribute('href', '/notes/new');
    await shownPage('Page 1 of 1');
    expect(pageButton('Next page')).toBeDisabled();
  });

  it('reads hostile parameters as the defaults or the nearest allowed value, quietly', async () => {
    const api = serveList(shelf(25));
    await openList('/notes?page=-1&sort=__proto__&order=sideways&pageSize=100000&q=');
    await waitFor(() => expect(titles()).toHaveLength(25));
    expect(api.lastRequest()).toEqual({ sort: 'title', order: 'asc', page: '1', pageSize: '100' });
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');
    await shownPage('Page 1 of 1');
    expect(({} as Record<string, unknown>).sort).toBeUndefined();
  });

  it.each([
    ['/notes?sort=bogus&page=abc', '/notes'],
    ['/notes?page=-1&sort=__proto__&order=sideways&pageSize=100000&q=', '/notes?pageSize=100'],
    ['/notes?sort=year&order=sideways&page=2', '/notes?sort=year&page=2'],
    ['/notes?q=%20Note%20&sort=title&order=asc', '/notes?q=Note'],
  ])('drops from %s what it ignores, replacing the URL without a history entry', async (url, understood) => {
    serveList(shelf(25));
    const { router, where } = await openList(url);
    const historyLength = router.history.length;
    await waitFor(() => expect(where()).toBe(understood));
    expect(router.history.length).toBe(historyLength);
  });

  it('moves a page beyond the last to the last, replacing the URL', async () => {
    serveList(shelf(25));
    const { where } = await openList('/notes?page=9');
    await shownPage('Page 3 of 3');
    expect(where()).toBe('/notes?page=3');
    await waitFor(() => expect(titles()).toHaveLength(5));
  });
});

describe('a list that cannot load', () => {
  const failures: [string, () => Promise<Response>][] = [
    ['a server error', async () => new Response('Bad gateway', { status: 502 })],
    ['a 200 that is not JSON', async () => new Response('<html>Sign in</html>', { status: 200 })],
    ['an answer out of shape', async () => Response.json({ items: 'none', total: -1 })],
    ['a refusal', async () => Response.json({ error: 'forbidden' }, { status: 403 })],
    ['too many requests', async () => new Response(null, { status: 429 })],
    ['a failed connection', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ];

  it.each(failures)('says so after %s, in place of the table, and Try again loads it', async (_, fail) => {
    let failing = true;
    const good = serveList(shelf(25));
    const fetchGood = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((...args) => (failing ? fail() : fetchGood(...args)));
    const { userEvent } = await openList();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('The notes could not be loaded.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('See console for details', { exact: false })).toBeNull();
    expect(screen.queryByText('An error occurred', { exact: false })).toBeNull();

    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(good.requests.length).toBeGreaterThan(0);
  });

  it('offline, says to try again once back online, and loads by itself when the connection returns', async () => {
    let offline = true;
    serveList(shelf(25));
    const fetchGood = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((...args) =>
      offline ? Promise.reject(new TypeError('Failed to fetch')) : fetchGood(...args),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("You're offline. Try again when you're back online.");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();

    offline = false;
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows placeholder rows only while a request is under way, marked busy', async () => {
    const waiting: ((response: Response) => void)[] = [];
    serveList([], () => new Promise<Response>((resolve) => waiting.push(resolve)));
    const answerAll = () => waiting.splice(0).forEach((resolve) => resolve(new Response('{', { status: 200 })));
    await openList('/notes?pageSize=5');
    expect(within(table()).getAllByRole('row', { hidden: true })).toHaveLength(6);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    // The answer, then the one retry's.
    await act(async () => answerAll());
    await waitFor(() => expect(waiting).toHaveLength(1), { timeout: 3000 });
    expect(table()).toHaveAttribute('aria-busy', 'true');
    await act(async () => answerAll());
    await screen.findByRole('alert');
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });
});

describe('selecting and deleting', () => {
  const checkbox = (name: string) => screen.getByRole('checkbox', { name });

  it('has a checkbox per row named for its record, and one for the page; the count is announced', async () => {
    serveList(shelf(25));
    const { userEvent } = await openList();
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(checkbox('Select all on this page')).not.toBeChecked();
    await userEvent.click(checkbox('Select Note 02'));
    await userEvent.click(checkbox('Select Note 05'));
    expect(screen.getByRole('button', { name: 'Delete selected (2)' })).toBeVisible();
    expect(screen.getByText('2 selected')).toHaveClass('sr-only');
    expect(checkbox('Select all on this page')).toHaveProperty('indeterminate', true);

    await userEvent.click(checkbox('Select all on this page'));
    expect(screen.getByRole('button', { name: 'Delete selected (10)' })).toBeVisible();
    expect(checkbox('Select all on this page')).toBeChecked();
    await userEvent.click(checkbox('Select all on this page'));
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();

    await userEvent.click(checkbox('Select Note 03'));
    await userEvent.click(pageButton('Next page'));
    await shownPage('Page 2 of 3');
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
  });

  it('asks "Delete {n} notes?"; the rows leave at once, a refused one comes back with why, then how many went', async () => {
    const refused = new Set(['/notes/note-2']);
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const api = serveList(shelf(25), async (sent) => {
      if (sent.method !== 'DELETE') return undefined;
      await held;
      return refused.has(sent.path) ? Response.json({ error: 'forbidden' }, { status: 403 }) : undefined;
    });
    const { userEvent } = await openList();
    await waitFor(() => expect(titles()).toHaveLength(10));
    for (const title of ['Note 01', 'Note 02', 'Note 03']) await userEvent.click(checkbox(`Select ${title}`));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 3 notes?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(titles()).not.toContain('Note 01'));
    expect(titles()).not.toContain('Note 02');
    expect(titles()).not.toContain('Note 03');
    letGo();
    expect(await screen.findByText("You don't have permission to do that.")).toBeVisible();
    expect(await screen.findByText('2 notes deleted.')).toBeVisible();
    await waitFor(() => expect(titles()[0]).toBe('Note 02'));
    expect(api.changes().map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'DELETE /notes/note-1',
      'DELETE /notes/note-2',
      'DELETE /notes/note-3',
    ]);
  });

  it('says "1 note deleted." for one, and Cancel deletes nothing', async () => {
    const api = serveList(shelf(3));
    const { userEvent } = await openList();
    await waitFor(() => expect(titles()).toHaveLength(3));
    await userEvent.click(checkbox('Select Note 02'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete 1 note?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(api.changes()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 note deleted.')).toBeVisible();
    await waitFor(() => expect(titles()).toEqual(['Note 01', 'Note 03']));
  });

  it('works from the keyboard: Space selects, Enter asks; focus comes back to Delete selected, or after it to Select all', async () => {
    serveList(shelf(3));
    const { userEvent } = await openList();
    await waitFor(() => expect(titles()).toHaveLength(3));
    checkbox('Select Note 01').focus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    expect(checkbox('Select Note 01')).toBeChecked();
    const deleteSelected = screen.getByRole('button', { name: 'Delete selected (1)' });
    deleteSelected.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Delete 1 note?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(deleteSelected).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 1 note?' });
    within(dialog).getByRole('button', { name: 'Delete' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('1 note deleted.')).toBeVisible();
    await waitFor(() => expect(checkbox('Select all on this page')).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
  });

  it('offers Delete selected only to those allowed to delete', async () => {
    serveList(shelf(3));
    const { userEvent } = await openPage('/notes', { canDelete: false });
    await waitFor(() => expect(titles()).toHaveLength(3));
    await userEvent.click(checkbox('Select Note 02'));
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
  });

  it('speaks German: "2 Notizen löschen?"', async () => {
    serveList(shelf(3));
    const { userEvent } = await openPage('/notes', { language: 'de' });
    await screen.findByRole('heading', { level: 1, name: 'Notizen' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    await userEvent.click(checkbox('Note 01 auswählen'));
    await userEvent.click(checkbox('Note 02 auswählen'));
    await userEvent.click(screen.getByRole('button', { name: 'Ausgewählte löschen (2)' }));
    expect(await screen.findByRole('alertdialog', { name: '2 Notizen löschen?' })).toBeVisible();
  });
});

describe('Export CSV', () => {
  /** The file the browser is handed: its name and its text. */
  function catchDownload() {
    const files: { name: string; blob: Blob }[] = [];
    let blob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      blob = object as Blob;
      return 'blob:https://app.example.com/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) files.push({ name: this.download, blob });
    });
    return async () => {
      await waitFor(() => expect(files).toHaveLength(1));
      return { name: files[0]!.name, type: files[0]!.blob.type, text: await files[0]!.blob.text() };
    };
  }

  it('downloads notes.csv: every row the search matches, all pages, in its order, the header row first', async () => {
    const records = shelf(250).map((note, index) => ({ ...note, author: index < 230 ? 'Ursula' : 'Other' }));
    const api = serveList(records);
    const file = catchDownload();
    const { userEvent } = await openList('/notes?q=ursula&sort=year&order=desc');
    await waitFor(() => expect(titles()).toHaveLength(10));
    const before = api.requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const { name, type, text } = await file();
    expect(name).toBe('notes.csv');
    expect(type).toBe('text/csv;charset=utf-8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Title,Author,Year,Updated');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toHaveLength(230);
    const years = lines.slice(1, -1).map((line) => Number(line.split(',')[2]));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(api.requests.slice(before).map((request) => Object.fromEntries(request))).toEqual(
      [1, 2, 3].map((page) => ({ q: 'ursula', sort: 'year', order: 'desc', page: String(page), pageSize: '100' })),
    );
  });

  it('quotes as RFC 4180 says and writes a cell a spreadsheet would run as text; a date as the table shows it', async () => {
    serveList([
      { ...shelf(1)[0]!, title: 'Gödel, Escher, Bach', author: '=HYPERLINK("http://evil.example")' },
      { ...shelf(2)[1]!, title: '+1 "quoted"', author: '@SUM(A1)\nnext' },
    ]);
    const file = catchDownload();
    const { userEvent } = await openList();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const { text } = await file();
    const date = within(table()).getAllByRole('cell')[4]!.textContent;
    expect(text).toBe(
      'Title,Author,Year,Updated\r\n' +
        `"'+1 ""quoted""","'@SUM(A1)\nnext",1902,"${date}"\r\n` +
        `"Gödel, Escher, Bach","'=HYPERLINK(""http://evil.example"")",1901,"${date}"\r\n`,
    );
  });

  it('writes the header row in the language on screen', async () => {
    serveList(shelf(1));
    const file = catchDownload();
    const { userEvent } = await openPage('/notes', { language: 'de' });
    await waitFor(() => expect(titles()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    expect((await file()).text.split('\r\n')[0]).toBe('Titel,Autor,Jahr,Geändert');
  });

  it('stops at 10,000 rows', async () => {
    const api = serveList(shelf(10_050));
    const file = catchDownload();
    const { userEvent } = await openList();
    await waitFor(() => expect(titles()).toHaveLength(10));
    const before = api.requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await file()).text.split('\r\n')).toHaveLength(10_002);
    expect(api.requests.length - before).toBe(100);
  }, 30_000);

  it('says why when the export cannot load, and downloads nothing', async () => {
    let failing = false;
    serveList(shelf(150), async () => (failing ? new Response(null, { status: 403 }) : undefined));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { userEvent } = await openList();
    await waitFor(() => expect(titles()).toHaveLength(10));
    failing = true;
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText("You don't have permission to do that.")).toBeVisible();
    expect(click).not.toHaveBeenCalled();
  });
});
