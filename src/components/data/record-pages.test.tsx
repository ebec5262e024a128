import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openNotes } from '../../test/notes-resource';
import { stubPage } from '../../test/stub-page';

// A record's page (the tests' Notes) around the form: its heading, breadcrumb, date, Delete and the unsaved-changes
// guard, with the API answered at fetch (one list of notes, kept while the test runs).

const note = (id: string, title: string, updatedAt = '2026-03-04T12:00:00.000Z') => ({
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

/** Two notes; `hold()` keeps the next DELETE, and the lists asked for after it, waiting until each is let go. */
function serveNotes({ deleteStatus = 204, updatedAt = '2026-03-04T12:00:00.000Z' } = {}) {
  let shelf = [note('dune', 'Dune', updatedAt), note('messiah', 'Dune Messiah')];
  const changes: string[] = [];
  let held: { deletion: ReturnType<typeof gate>; lists: ReturnType<typeof gate> } | null = null;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const { pathname } = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (method !== 'GET') changes.push(`${method} ${pathname}`);
    if (pathname === '/notes') {
      await held?.lists.opened;
      return Response.json({ items: shelf, total: shelf.length, page: 1, pageSize: 10 });
    }
    const found = shelf.find((stored) => pathname === `/notes/${stored.id}`);
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
  stubPage({ url: 'https://app.example.com/notes', fetch: fetchMock });
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

async function openNote(id: string, { canDelete = true, language = 'en' } = {}) {
  const rendered = await openNotes(`/notes/${id}`, { canDelete, language });
  return { ...rendered, where: () => rendered.router.state.location.pathname };
}

afterEach(() => vi.unstubAllGlobals());

const main = () => screen.getByRole('main');
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const trail = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
const breadcrumbList = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Notes' });
const listTitles = () =>
  within(screen.getByRole('table'))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('a record’s page', () => {
  it('is headed by the record’s title, in the breadcrumb too, with the date it changed in the language’s format', async () => {
    serveNotes();
    await openNote('dune');
    expect(await heading('Dune')).toBeVisible();
    expect(trail().map((item) => item.textContent)).toEqual(['Home›', 'Notes›', 'Dune']);
    expect(within(main()).getByText(/^Last changed /)).toHaveTextContent(/^Last changed March 4, 2026\b/);
  });

  it('gives the date in German as German writes it', async () => {
    serveNotes();
    await openNote('dune', { language: 'de' });
    await heading('Dune');
    expect(within(main()).getByText(/^Zuletzt geändert: /)).toHaveTextContent(/^Zuletzt geändert: 4\. März 2026\b/);
  });

  it.each(['not a date', '', '2026-13-01T00:00:00Z', '2026-02-30T10:00:00Z', '12'])(
    'shows a date from the API that does not parse (%j) as "—", with no console error',
    async (updatedAt) => {
      const errors = vi.spyOn(console, 'error');
      serveNotes({ updatedAt });
      await openNote('dune');
      await heading('Dune');
      expect(within(main()).getByText(/^Last changed /)).toHaveTextContent(/^Last changed —$/);
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it('takes a saved title into its heading and breadcrumb at once', async () => {
    serveNotes();
    const { userEvent } = await openNote('dune');
    await heading('Dune');
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'Dune (1965)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await heading('Dune (1965)')).toBeVisible();
    expect(trail().at(-1)).toHaveTextContent('Dune (1965)');
  });

  it('says a record that is not there is not found, with a way back to the list', async () => {
    serveNotes();
    const { userEvent, where } = await openNote('gone');
    expect(await heading('Note not found')).toBeVisible();
    expect(within(main()).getByText('This note does not exist, or it was deleted.')).toBeVisible();
    await userEvent.click(within(main()).getByRole('link', { name: 'Back to Notes' }));
    await waitFor(() => expect(where()).toBe('/notes'));
  });
});

describe('deleting a record', () => {
  it('asks "Delete “{title}”?" first: Cancel keeps it; Delete removes it, says so and shows the list without it', async () => {
    const api = serveNotes();
    const { userEvent, where } = await openNote('dune');
    await heading('Dune');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Dune”?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.changes).toEqual([]);
    expect(where()).toBe('/notes/dune');

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Delete “Dune”?' });
    await userEvent.click(within(asked).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/notes'));
    expect(await screen.findByText('Note deleted.')).toBeVisible();
    expect(api.changes).toEqual(['DELETE /notes/dune']);
    await waitFor(() => expect(listTitles()).toEqual(['Dune Messiah']));
  });

  it('leaves without asking about unsaved changes', async () => {
    serveNotes();
    const { userEvent, where } = await openNote('dune');
    await heading('Dune');
    await userEvent.type(screen.getByLabelText('Author'), ' Jr.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/notes'));
    expect(screen.queryByRole('alertdialog', { name: 'Discard changes?' })).toBeNull();
  });

  it('takes the record out of the list at once, and puts it back, saying why, when the API refuses (403)', async () => {
    const api = serveNotes({ deleteStatus: 403 });
    const { router, userEvent, where } = await openNote('dune');
    await heading('Dune');
    await act(async () => router.history.push('/notes'));
    await waitFor(() => expect(listTitles()).toEqual(['Dune', 'Dune Messiah']));
    await userEvent.click(within(screen.getByRole('table')).getByRole('link', { name: 'Dune' }));
    await heading('Dune');

    const { answerDelete, answerLists } = api.hold();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/notes'));
    await waitFor(() => expect(listTitles()).toEqual(['Dune Messiah']));

    answerDelete();
    expect(await screen.findByText("You don't have permission to do that.")).toBeVisible();
    await waitFor(() => expect(listTitles()).toEqual(['Dune', 'Dune Messiah']));
    answerLists();
    expect(api.changes).toEqual(['DELETE /notes/dune']);
  });

  it('is offered only to those allowed to delete', async () => {
    serveNotes();
    await openNote('dune', { canDelete: false });
    await heading('Dune');
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('unsaved changes on a record’s page', () => {
  it('ask before the breadcrumb leaves; Keep editing keeps them, Discard goes', async () => {
    serveNotes();
    const { userEvent, where } = await openNote('dune');
    await heading('Dune');
    await userEvent.type(screen.getByLabelText('Title'), ' Messiah');
    await userEvent.click(breadcrumbList());
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(where()).toBe('/notes/dune');
    expect(screen.getByLabelText('Title')).toHaveValue('Dune Messiah');

    await userEvent.click(breadcrumbList());
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(where()).toBe('/notes'));
  });

  it('do not ask when typed back to what was loaded, nor once saved', async () => {
    serveNotes();
    const { router, userEvent, where } = await openNote('dune');
    await heading('Dune');
    await userEvent.type(screen.getByLabelText('Title'), 'X');
    await userEvent.type(screen.getByLabelText('Title'), '{Backspace}');
    await userEvent.click(breadcrumbList());
    await waitFor(() => expect(where()).toBe('/notes'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await act(async () => router.history.push('/notes/messiah'));
    await heading('Dune Messiah');
    await userEvent.type(screen.getByLabelText('Author'), ' Sr.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Note saved.')).toBeVisible();
    await userEvent.click(breadcrumbList());
    await waitFor(() => expect(where()).toBe('/notes'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
