import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/render-app';
import { stubPage } from '../../test/stub-page';

// A book's page on the app's own /books/{id} route around the form: its heading, breadcrumb, date, Delete and the
// unsaved-changes guard, with the Books API answered at fetch (one list of books, kept while the test runs).

const BOOKS = 'https://api.example.com/books';
const book = (id: string, title: string, updatedAt = '2026-03-04T12:00:00.000Z') => ({
  id,
  title,
  author: 'Frank Herbert',
  year: 1965,
  isbn: '',
  description: '',
  updatedAt,
});

const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

/** Two books; `hold()` keeps the next DELETE, and the lists asked for after it, waiting until each is let go. */
function serveBooks({ deleteStatus = 204, updatedAt = '2026-03-04T12:00:00.000Z' } = {}) {
  let shelf = [book('dune', 'Dune', updatedAt), book('messiah', 'Dune Messiah')];
  const changes: string[] = [];
  let held: { deletion: ReturnType<typeof gate>; lists: ReturnType<typeof gate> } | null = null;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const { pathname } = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (method !== 'GET') changes.push(`${method} ${pathname}`);
    if (pathname === '/books') {
      await held?.lists.opened;
      return Response.json({ items: shelf, total: shelf.length, page: 1, pageSize: 10 });
    }
    const found = shelf.find((stored) => pathname === `/books/${stored.id}`);
    if (!found) return Response.json({ error: 'notFound' }, { status: 404 });
    if (method === 'DELETE') {
      await held?.deletion.opened;
      if (deleteStatus !== 204) return Response.json({ error: 'forbidden' }, { status: deleteStatus });
      shelf = shelf.filter((stored) => stored !== found);
      return new Response(null, { status: 204 });
    }
    const saved = method === 'PUT' ? { ...found, ...(JSON.parse(String(init?.body)) as object) } : found;
    shelf = shelf.map((stored) => (stored === found ? saved : stored));
    return Response.json(saved, { headers: { ETag: '"v1"' } });
  });
  stubPage({ url: 'https://app.example.com/books', fetch: fetchMock });
  return {
    changes,
    hold: () => {
      const deletion = gate();
      const lists = gate();
      held = { deletion, lists };
      return { answerDelete: deletion.open, answerLists: lists.open };
    },
  };
}

async function openBook(id: string, { groups = ['snxt-editors'], language = 'en' } = {}) {
  vi.stubGlobal('__BOOKS_API_URL__', BOOKS);
  const rendered = await renderSignedIn(
    `/books/${id}`,
    { sub: 'user-1', groups },
    { stored: { 'snxt-SETTINGS': { language } } },
  );
  return { ...rendered, where: () => rendered.router.state.location.pathname };
}

afterEach(() => vi.unstubAllGlobals());

const main = () => screen.getByRole('main');
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const trail = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
const breadcrumbBooks = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Books' });
const listTitles = () =>
  within(screen.getByRole('table'))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('a book’s page', () => {
  it('is headed by the book’s title, in the breadcrumb too, with the date it changed in the language’s format', async () => {
    serveBooks();
    await openBook('dune');
    expect(await heading('Dune')).toBeVisible();
    expect(trail().map((item) => item.textContent)).toEqual(['Home›', 'Books›', 'Dune']);
    expect(within(main()).getByText(/^Last changed /)).toHaveTextContent(/^Last changed March 4, 2026\b/);
  });

  it('gives the date in German as German writes it', async () => {
    serveBooks();
    await openBook('dune', { language: 'de' });
    await heading('Dune');
    expect(within(main()).getByText(/^Zuletzt geändert: /)).toHaveTextContent(/^Zuletzt geändert: 4\. März 2026\b/);
  });

  it.each(['not a date', '', '2026-13-01T00:00:00Z', '2026-02-30T10:00:00Z', '12'])(
    'shows a date from the API that does not parse (%j) as "—", with no console error',
    async (updatedAt) => {
      const errors = vi.spyOn(console, 'error');
      serveBooks({ updatedAt });
      await openBook('dune');
      await heading('Dune');
      expect(within(main()).getByText(/^Last changed /)).toHaveTextContent(/^Last changed —$/);
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it('takes a saved title into its heading and breadcrumb at once', async () => {
    serveBooks();
    const { userEvent } = await openBook('dune');
    await heading('Dune');
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'Dune (1965)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await heading('Dune (1965)')).toBeVisible();
    expect(trail().at(-1)).toHaveTextContent('Dune (1965)');
  });

  it('says a book that is not there is not found, with a way back to Books', async () => {
    serveBooks();
    const { userEvent, where } = await openBook('gone');
    expect(await heading('Book not found')).toBeVisible();
    expect(within(main()).getByText('This book does not exist, or it was deleted.')).toBeVisible();
    await userEvent.click(within(main()).getByRole('link', { name: 'Back to Books' }));
    await waitFor(() => expect(where()).toBe('/books'));
  });
});

describe('deleting a book', () => {
  it('asks "Delete “{title}”?" first: Cancel keeps it; Delete removes it, says so and shows the list without it', async () => {
    const api = serveBooks();
    const { userEvent, where } = await openBook('dune');
    await heading('Dune');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Dune”?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.changes).toEqual([]);
    expect(where()).toBe('/books/dune');

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Delete “Dune”?' });
    await userEvent.click(within(asked).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/books'));
    expect(await screen.findByText('Book deleted.')).toBeVisible();
    expect(api.changes).toEqual(['DELETE /books/dune']);
    await waitFor(() => expect(listTitles()).toEqual(['Dune Messiah']));
  });

  it('leaves without asking about unsaved changes', async () => {
    serveBooks();
    const { userEvent, where } = await openBook('dune');
    await heading('Dune');
    await userEvent.type(screen.getByLabelText('Author'), ' Jr.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/books'));
    expect(screen.queryByRole('alertdialog', { name: 'Discard changes?' })).toBeNull();
  });

  it('takes the book out of the list at once, and puts it back, saying why, when the API refuses (403)', async () => {
    const api = serveBooks({ deleteStatus: 403 });
    const { router, userEvent, where } = await openBook('dune');
    await heading('Dune');
    await router.navigate({ to: '/books' });
    await waitFor(() => expect(listTitles()).toEqual(['Dune', 'Dune Messiah']));
    await userEvent.click(within(screen.getByRole('table')).getByRole('link', { name: 'Dune' }));
    await heading('Dune');

    const { answerDelete, answerLists } = api.hold();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/books'));
    await waitFor(() => expect(listTitles()).toEqual(['Dune Messiah']));

    answerDelete();
    expect(await screen.findByText("You don't have permission to do that.")).toBeVisible();
    await waitFor(() => expect(listTitles()).toEqual(['Dune', 'Dune Messiah']));
    answerLists();
    expect(api.changes).toEqual(['DELETE /books/dune']);
  });

  it('is offered to members of snxt-editors only', async () => {
    serveBooks();
    await openBook('dune', { groups: ['readers'] });
    await heading('Dune');
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('unsaved changes on a book’s page', () => {
  it('ask before the breadcrumb leaves; Keep editing keeps them, Discard goes', async () => {
    serveBooks();
    const { userEvent, where } = await openBook('dune');
    await heading('Dune');
    await userEvent.type(screen.getByLabelText('Title'), ' Messiah');
    await userEvent.click(breadcrumbBooks());
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(where()).toBe('/books/dune');
    expect(screen.getByLabelText('Title')).toHaveValue('Dune Messiah');

    await userEvent.click(breadcrumbBooks());
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(where()).toBe('/books'));
  });

  it('do not ask when typed back to what was loaded, nor once saved', async () => {
    serveBooks();
    const { router, userEvent, where } = await openBook('dune');
    await heading('Dune');
    await userEvent.type(screen.getByLabelText('Title'), 'X');
    await userEvent.type(screen.getByLabelText('Title'), '{Backspace}');
    await userEvent.click(breadcrumbBooks());
    await waitFor(() => expect(where()).toBe('/books'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await router.navigate({ to: '/books/$id', params: { id: 'messiah' } });
    await heading('Dune Messiah');
    await userEvent.type(screen.getByLabelText('Author'), ' Sr.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Book saved.')).toBeVisible();
    await userEvent.click(breadcrumbBooks());
    await waitFor(() => expect(where()).toBe('/books'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
