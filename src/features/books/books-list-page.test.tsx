import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/render-app';
import { stubPage } from '../../test/stub-page';

// The list on the app's own /books route (its search parameters, loader and page), with the Books API answered at
// fetch: it filters, sorts and pages like the real one, and every request it gets is kept.

const BOOKS = 'https://api.example.com/books';

interface StoredBook {
  id: string;
  title: string;
  author: string;
  year: number;
}

const shelf = (count: number): StoredBook[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `book-${index + 1}`,
    title: `Book ${String(index + 1).padStart(2, '0')}`,
    author: `Author ${String(count - index).padStart(2, '0')}`,
    year: 1901 + ((index * 7) % count),
  }));

function serveBooks(books: StoredBook[], answer?: () => Promise<Response>) {
  const requests: URLSearchParams[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input));
    requests.push(url.searchParams);
    if (answer) return answer();
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    const sort = url.searchParams.get('sort') as 'title' | 'author' | 'year';
    const direction = url.searchParams.get('order') === 'desc' ? -1 : 1;
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const found = books
      .filter((book) => `${book.title} ${book.author}`.toLowerCase().includes(q))
      .sort((a, b) => (a[sort] < b[sort] ? -direction : a[sort] > b[sort] ? direction : 0));
    const items = found
      .slice((page - 1) * pageSize, page * pageSize)
      .map((book) => ({ ...book, isbn: '', description: '', updatedAt: '2026-01-01T00:00:00.000Z' }));
    return Response.json({ items, total: found.length, page, pageSize });
  });
  stubPage({ url: 'https://app.example.com/books', fetch: fetchMock });
  return { requests, lastRequest: () => Object.fromEntries(requests.at(-1) ?? []) };
}

async function openList(url = '/books') {
  vi.stubGlobal('__BOOKS_API_URL__', BOOKS);
  const rendered = await renderSignedIn(url, { sub: 'user-1', groups: ['snxt-editors'] });
  await screen.findByRole('heading', { level: 1, name: 'Books' });
  const where = () => `${rendered.router.state.location.pathname}${rendered.router.state.location.searchStr}`;
  return { ...rendered, where };
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
const searchBox = () => screen.getByRole('searchbox', { name: 'Search books' });

describe('the Books list', () => {
  it('shows the first ten by title, each title a link to its book, on page 1 of 3', async () => {
    const api = serveBooks(shelf(25));
    await openList();
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(titles()[0]).toBe('Book 01');
    expect(within(table()).getByRole('link', { name: 'Book 01' })).toHaveAttribute('href', '/books/book-1');
    expect(api.lastRequest()).toEqual({ sort: 'title', order: 'asc', page: '1', pageSize: '10' });
    await shownPage('Page 1 of 3');
    expect(pageButton('Previous page')).toBeDisabled();
    expect(pageButton('Next page')).toBeEnabled();
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });

  it('holds the layout with placeholder rows, marked busy and hidden, while the first page loads', async () => {
    serveBooks([], () => new Promise<Response>(() => undefined));
    await openList('/books?pageSize=5');
    const rows = within(table()).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(6);
    expect(rows.slice(1).every((row) => row.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(pageButton('Next page')).toBeDisabled();
  });

  it('sorts by a column from its header button, marked by aria-sort; again reverses; another starts ascending', async () => {
    const api = serveBooks(shelf(25));
    const { userEvent, where } = await openList('/books?page=2');
    await shownPage('Page 2 of 3');
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Year')).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header('Year')).getByRole('button', { name: 'Year' }));
    await waitFor(() => expect(where()).toBe('/books?sort=year'));
    expect(header('Year')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Title')).not.toHaveAttribute('aria-sort');
    await waitFor(() => expect(titles()[0]).toBe('Book 01'));
    expect(api.lastRequest()).toMatchObject({ sort: 'year', order: 'asc', page: '1' });

    await userEvent.click(within(header('Year')).getByRole('button'));
    await waitFor(() => expect(where()).toBe('/books?sort=year&order=desc'));
    expect(header('Year')).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(screen.getAllByRole('cell')[2]).toHaveTextContent('1925'));

    await userEvent.click(within(header('Author')).getByRole('button'));
    await waitFor(() => expect(where()).toBe('/books?sort=author'));
    expect(header('Author')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Year')).not.toHaveAttribute('aria-sort');
    await waitFor(() => expect(titles()[0]).toBe('Book 25'));

    await userEvent.click(within(header('Title')).getByRole('button'));
    await waitFor(() => expect(where()).toBe('/books'));
  });

  it('pages with Next and Previous, each a page in the URL, and the URL brings a page back', async () => {
    serveBooks(shelf(25));
    const { router, userEvent, where } = await openList('/books?sort=year&order=desc');
    await shownPage('Page 1 of 3');

    await userEvent.click(pageButton('Next page'));
    await shownPage('Page 2 of 3');
    expect(where()).toBe('/books?sort=year&order=desc&page=2');
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
    expect(where()).toBe('/books?sort=year&order=desc');
    expect(header('Year')).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches once typing pauses for 300 ms, on page 1, replacing the URL rather than adding to the history', async () => {
    const api = serveBooks([...shelf(25), { id: 'other', title: 'Dune', author: 'Frank Herbert', year: 1965 }]);
    const { router, where } = await openList('/books?page=2');
    await shownPage('Page 2 of 3');
    const requestsBefore = api.requests.length;
    const historyBefore = router.history.length;

    vi.useFakeTimers();
    fireEvent.change(searchBox(), { target: { value: 'Boo' } });
    await act(async () => vi.advanceTimersByTime(299));
    fireEvent.change(searchBox(), { target: { value: 'Book ' } });
    await act(async () => vi.advanceTimersByTime(299));
    expect(where()).toBe('/books?page=2');
    expect(api.requests).toHaveLength(requestsBefore);
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(where()).toBe('/books?q=Book'));
    expect(router.history.length).toBe(historyBefore);
    await shownPage('Page 1 of 3');
    await waitFor(() => expect(titles()[0]).toBe('Book 01'));
    expect(api.lastRequest()).toMatchObject({ q: 'Book', page: '1' });
    expect(api.requests.slice(requestsBefore).map((request) => request.get('q'))).not.toContain('Boo');
  });

  it('follows the URL: the field shows its q, back and forward bring the last one back, emptying it takes q out', async () => {
    serveBooks(shelf(25));
    const { router, userEvent, where } = await openList('/books?q=Book+2');
    expect(searchBox()).toHaveValue('Book 2');
    await waitFor(() => expect(titles()).toHaveLength(6));

    await act(async () => router.history.push('/books?q=Book+1'));
    await waitFor(() => expect(searchBox()).toHaveValue('Book 1'));
    await act(async () => router.history.back());
    await waitFor(() => expect(searchBox()).toHaveValue('Book 2'));
    await waitFor(() => expect(titles()).toHaveLength(6));

    await userEvent.clear(searchBox());
    await waitFor(() => expect(where()).toBe('/books'));
    await waitFor(() => expect(titles()).toHaveLength(10));
  });

  it('says so when nothing matches the search, without the New book link of an empty list', async () => {
    serveBooks(shelf(25));
    await openList('/books?q=zzz');
    expect(await screen.findByText('No books match “zzz”.')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'New book' })).toHaveLength(1);
    expect(screen.queryByText('No books yet.')).toBeNull();
  });

  it('says there are no books yet, with a second link to add one', async () => {
    serveBooks([]);
    await openList();
    expect(await screen.findByText('No books yet.')).toBeVisible();
    const newBook = screen.getAllByRole('link', { name: 'New book' });
    expect(newBook).toHaveLength(2);
    expect(newBook[1]).toHaveAttribute('href', '/books/new');
    await shownPage('Page 1 of 1');
    expect(pageButton('Next page')).toBeDisabled();
  });

  it('reads hostile parameters as the defaults or the nearest allowed value, quietly', async () => {
    const api = serveBooks(shelf(25));
    await openList('/books?page=-1&sort=__proto__&order=sideways&pageSize=100000&q=');
    await waitFor(() => expect(titles()).toHaveLength(25));
    expect(api.lastRequest()).toEqual({ sort: 'title', order: 'asc', page: '1', pageSize: '100' });
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');
    await shownPage('Page 1 of 1');
    expect(({} as Record<string, unknown>).sort).toBeUndefined();
  });

  it.each([
    ['/books?sort=bogus&page=abc', '/books'],
    ['/books?page=-1&sort=__proto__&order=sideways&pageSize=100000&q=', '/books?pageSize=100'],
    ['/books?sort=year&order=sideways&page=2', '/books?sort=year&page=2'],
    ['/books?q=%20Book%20&sort=title&order=asc', '/books?q=Book'],
  ])('drops from %s what it ignores, replacing the URL without a history entry', async (url, understood) => {
    serveBooks(shelf(25));
    const { router, where } = await openList(url);
    const historyLength = router.history.length;
    await waitFor(() => expect(where()).toBe(understood));
    expect(router.history.length).toBe(historyLength);
  });

  it('moves a page beyond the last to the last, replacing the URL', async () => {
    serveBooks(shelf(25));
    const { where } = await openList('/books?page=9');
    await shownPage('Page 3 of 3');
    expect(where()).toBe('/books?page=3');
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
    const good = serveBooks(shelf(25));
    const fetchGood = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((...args) => (failing ? fail() : fetchGood(...args)));
    const { userEvent } = await openList();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('The books could not be loaded.');
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
    serveBooks(shelf(25));
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
    serveBooks([], () => new Promise<Response>((resolve) => waiting.push(resolve)));
    const answerAll = () => waiting.splice(0).forEach((resolve) => resolve(new Response('{', { status: 200 })));
    await openList('/books?pageSize=5');
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
