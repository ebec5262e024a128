import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/render-app';
import { stubPage } from '../../test/stub-page';

// Books' own parts on the app's /books routes (the data kit's behaviour is tested with the kit): its columns, texts in
// English and German, who may delete, and its CSV.

const BOOKS = 'https://api.example.com/books';
const SHELF = [
  { id: 'quixote', title: 'Don Quixote', author: 'Miguel de Cervantes', year: 1605 },
  { id: 'dune', title: 'Dune', author: 'Frank Herbert', year: 1965 },
  { id: 'geb', title: 'Gödel, Escher, Bach', author: 'Douglas R. Hofstadter', year: 1979 },
].map((book) => ({ ...book, isbn: '', description: '', updatedAt: '2026-01-01T00:00:00.000Z' }));

function serveBooks() {
  let shelf = SHELF;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    if (init?.method === 'DELETE') {
      shelf = shelf.filter((book) => url.pathname !== `/books/${book.id}`);
      return new Response(null, { status: 204 });
    }
    return Response.json({
      items: shelf,
      total: shelf.length,
      page: 1,
      pageSize: Number(url.searchParams.get('pageSize')),
    });
  });
  stubPage({ url: 'https://app.example.com/books', fetch: fetchMock });
}

async function openBooks({ groups = ['snxt-editors'], language = 'en' } = {}) {
  vi.stubGlobal('__BOOKS_API_URL__', BOOKS);
  serveBooks();
  const rendered = await renderSignedIn(
    '/books',
    { sub: 'user-1', groups },
    { stored: { 'snxt-SETTINGS': { language } } },
  );
  await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('link')).toHaveLength(3));
  return rendered;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Books list', () => {
  it('has the columns Title (a link to the book), Author and Year, each a sort button; the year as 1605', async () => {
    await openBooks();
    for (const name of ['Title', 'Author', 'Year']) {
      expect(within(screen.getByRole('columnheader', { name })).getByRole('button', { name })).toBeVisible();
    }
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('link', { name: 'Dune' })).toHaveAttribute('href', '/books/dune');
    const row = screen.getByRole('row', { name: /Don Quixote/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Don Quixote', 'Miguel de Cervantes', '1605']);
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'New book' })[0]).toHaveAttribute('href', '/books/new');
  });

  it('deletes a selection after "Delete 2 books?", then says "2 books deleted."', async () => {
    const { userEvent } = await openBooks();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Dune' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Don Quixote' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 books?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 books deleted.')).toBeVisible();
  });

  it('offers Delete selected to those allowed to delete books only', async () => {
    const { userEvent } = await openBooks({ groups: [] });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Dune' }));
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
  });

  it('speaks German', async () => {
    const { userEvent } = await openBooks({ language: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Bücher' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Autor' })).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alle auf dieser Seite auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ausgewählte löschen (3)' }));
    expect(await screen.findByRole('alertdialog', { name: '3 Bücher löschen?' })).toBeVisible();
  });

  it('exports books.csv with its columns, a title with a comma quoted', async () => {
    let file: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => ((file = blob as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { userEvent } = await openBooks();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('books.csv');
    expect(await file!.text()).toBe(
      'Title,Author,Year\r\nDon Quixote,Miguel de Cervantes,1605\r\nDune,Frank Herbert,1965\r\n' +
        '"Gödel, Escher, Bach",Douglas R. Hofstadter,1979\r\n',
    );
  });
});
