import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/render-app';
import { stubPage } from '../../test/stub-page';

// The form on the app's own /books/new and /books/{id} routes, with the Books API answered at fetch.

const BOOKS = 'https://api.example.com/books';
const YEAR_MESSAGE = `Enter a year between 1450 and ${new Date().getFullYear()}`;
const DUNE = {
  id: 'dune',
  title: 'Dune',
  author: 'Frank Herbert',
  year: 1965,
  isbn: '',
  description: '',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

interface Sent {
  method: string;
  path: string;
  ifMatch: string | null;
  body: Record<string, unknown> | null;
}
type Answer = (sent: Sent) => Response | undefined;

/** A book store of one (Dune, version "v1"); `answer` may answer a request first. */
function serveBooks(answer: Answer = () => undefined) {
  const sent: Sent[] = [];
  let stored = { book: DUNE, version: 1 };
  const versioned = (status: number, book: typeof DUNE, version: number) =>
    Response.json(book, { status, headers: { ETag: `"v${version}"` } });
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const request: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      ifMatch: new Headers(init?.headers).get('If-Match'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
    };
    sent.push(request);
    const answered = answer(request);
    if (answered) return answered;
    if (request.path === '/books' && request.method === 'GET') {
      return Response.json({ items: [stored.book], total: 1, page: 1, pageSize: 10 });
    }
    if (request.path === '/books' && request.method === 'POST') {
      return versioned(201, { ...DUNE, ...request.body, id: 'created' }, 1);
    }
    if (request.path !== '/books/dune') return Response.json({ error: 'notFound' }, { status: 404 });
    if (request.method === 'PUT') {
      stored = { book: { ...stored.book, ...request.body }, version: stored.version + 1 };
    }
    return versioned(200, stored.book, stored.version);
  });
  stubPage({ url: 'https://app.example.com/books', fetch: fetchMock });
  return {
    sent,
    changes: () => sent.filter((request) => request.method !== 'GET'),
    changeElsewhere: (title: string) => {
      stored = { book: { ...stored.book, title }, version: stored.version + 1 };
    },
  };
}

async function openPage(url: string) {
  vi.stubGlobal('__BOOKS_API_URL__', BOOKS);
  const rendered = await renderSignedIn(url, { sub: 'user-1', groups: ['snxt-editors'] });
  await screen.findByRole('button', { name: 'Save' });
  return rendered;
}

afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save' });
const summary = () => screen.getByRole('alert', { name: 'There is a problem' });
const saveWithErrors = async (user: Awaited<ReturnType<typeof openPage>>['userEvent']) => {
  await user.click(save());
  await screen.findByRole('alert', { name: 'There is a problem' });
};
/** A notice's button, once the notice takes a pointer: Radix opens the notifications region to it one effect later. */
const noticeButton = async (name: string) => {
  const button = await screen.findByRole('button', { name });
  const region = screen.getByRole('region', { name: /^Notifications/ });
  await waitFor(() => expect(region).not.toHaveStyle({ pointerEvents: 'none' }));
  return button;
};
const summaryLinks = () =>
  within(summary())
    .getAllByRole('link')
    .map((link) => link.textContent);
const messageOf = (label: string) => {
  const describedBy = field(label).getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : undefined;
};

async function fill(user: Awaited<ReturnType<typeof openPage>>['userEvent'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) {
      await user.click(field(label));
      await user.paste(value);
    }
  }
}

describe('the book form', () => {
  it('has the five fields, empty for a new book, and no messages before Save', async () => {
    serveBooks();
    await openPage('/books/new');
    for (const label of ['Title', 'Author', 'Year', 'ISBN', 'Description']) {
      expect(field(label)).toHaveValue('');
      expect(field(label)).not.toHaveAttribute('aria-invalid');
      expect(field(label)).not.toHaveAttribute('aria-describedby');
    }
    expect(field('Description').tagName).toBe('TEXTAREA');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on Save marks each invalid field, says why beneath it, and sends nothing; the summary takes focus', async () => {
    const api = serveBooks();
    const { userEvent } = await openPage('/books/new');
    await fill(userEvent, { ISBN: '978-0-06-051275-1' });
    await saveWithErrors(userEvent);

    expect(summaryLinks()).toEqual([
      'Enter a title',
      'Enter an author',
      YEAR_MESSAGE,
      'Enter a valid ISBN-10 or ISBN-13',
    ]);
    expect(summary()).toHaveFocus();
    for (const [label, message] of [
      ['Title', 'Enter a title'],
      ['Author', 'Enter an author'],
      ['Year', YEAR_MESSAGE],
      ['ISBN', 'Enter a valid ISBN-10 or ISBN-13'],
    ]) {
      expect(field(label!)).toHaveAttribute('aria-invalid', 'true');
      expect(messageOf(label!)).toBe(message);
      expect(field(label!)).toHaveAccessibleDescription(message);
    }
    expect(field('Description')).not.toHaveAttribute('aria-invalid');
    expect(api.changes()).toEqual([]);
  });

  it('says each rule’s message: lengths, the year’s range and form, the ISBN’s checksum', async () => {
    serveBooks();
    const { userEvent } = await openPage('/books/new');
    await fill(userEvent, {
      Title: 't'.repeat(201),
      Author: 'a'.repeat(101),
      Year: '1449',
      ISBN: '12345',
      Description: 'd'.repeat(2001),
    });
    await saveWithErrors(userEvent);
    expect(summaryLinks()).toEqual([
      'Title must be 200 characters or fewer',
      'Author must be 100 characters or fewer',
      YEAR_MESSAGE,
      'Enter a valid ISBN-10 or ISBN-13',
      'Description must be 2000 characters or fewer',
    ]);
    expect(messageOf('Description')).toBe('Description must be 2000 characters or fewer');

    await fill(userEvent, { Year: String(new Date().getFullYear() + 1) });
    expect(messageOf('Year')).toBe(YEAR_MESSAGE);
    await fill(userEvent, { Year: '19 65' });
    expect(messageOf('Year')).toBe(YEAR_MESSAGE);
  });

  it('after a Save, checks each field again as it changes, without moving focus', async () => {
    serveBooks();
    const { userEvent } = await openPage('/books/new');
    await userEvent.type(field('Title'), 'x');
    await userEvent.clear(field('Title'));
    expect(field('Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();

    await saveWithErrors(userEvent);
    expect(summaryLinks()).toHaveLength(3);
    await userEvent.type(field('Title'), 'Dune');
    expect(field('Title')).not.toHaveAttribute('aria-invalid');
    expect(field('Title')).not.toHaveAttribute('aria-describedby');
    expect(summaryLinks()).toEqual(['Enter an author', YEAR_MESSAGE]);
    expect(field('Title')).toHaveFocus();

    await userEvent.clear(field('Title'));
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf('Title')).toBe('Enter a title');
    expect(field('Title')).toHaveFocus();
  });

  it('takes each summary link to its field', async () => {
    serveBooks();
    const { userEvent } = await openPage('/books/new');
    await saveWithErrors(userEvent);
    await userEvent.click(within(summary()).getByRole('link', { name: YEAR_MESSAGE }));
    expect(field('Year')).toHaveFocus();
    await userEvent.click(within(summary()).getByRole('link', { name: 'Enter an author' }));
    expect(field('Author')).toHaveFocus();
  });

  it('shows the API’s 400 the same way: marked fields, messages beneath them, the summary with focus', async () => {
    const api = serveBooks(({ method }) =>
      method === 'POST'
        ? Response.json({ errors: { title: 'tooLong', isbn: 'invalid', __proto__: 'required' } }, { status: 400 })
        : undefined,
    );
    const { userEvent } = await openPage('/books/new');
    await fill(userEvent, { Title: 'Dune', Author: 'Frank Herbert', Year: '1965', ISBN: '0-441-17271-7' });
    await userEvent.click(save());

    await waitFor(() =>
      expect(summaryLinks()).toEqual(['Title must be 200 characters or fewer', 'Enter a valid ISBN-10 or ISBN-13']),
    );
    expect(summary()).toHaveFocus();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf('ISBN')).toBe('Enter a valid ISBN-10 or ISBN-13');
    expect(field('Author')).not.toHaveAttribute('aria-invalid');
    expect(api.changes()).toHaveLength(1);
    expect(api.changes()[0]!.body).toEqual({
      title: 'Dune',
      author: 'Frank Herbert',
      year: 1965,
      isbn: '0441172717',
      description: '',
    });
  });

  it('creates a book: "Book saved." and its own page, replacing /books/new', async () => {
    const api = serveBooks();
    const { router, userEvent } = await openPage('/books/new');
    await fill(userEvent, { Title: '  Dune ', Author: 'Frank Herbert', Year: '1965' });
    await userEvent.click(save());
    expect(await screen.findByText('Book saved.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/books/created'));
    expect(api.changes()[0]).toMatchObject({ method: 'POST', path: '/books', body: { title: 'Dune', year: 1965 } });
    act(() => router.history.back());
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/books/new'));
  });

  it('edits a book with the version it loaded, and the next Save sends the new one', async () => {
    const api = serveBooks();
    const { userEvent } = await openPage('/books/dune');
    expect(field('Title')).toHaveValue('Dune');
    expect(field('Year')).toHaveValue('1965');
    await fill(userEvent, { Title: 'Dune Messiah' });
    await userEvent.click(save());
    expect(await screen.findByText('Book saved.')).toBeVisible();
    expect(api.changes()[0]).toMatchObject({ method: 'PUT', path: '/books/dune', ifMatch: '"v1"' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dune Messiah' })).toBeVisible();

    await fill(userEvent, { Description: 'The sequel.' });
    await userEvent.click(save());
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    expect(api.changes()[1]).toMatchObject({ ifMatch: '"v2"', body: { description: 'The sequel.' } });
  });

  it('on a 412 warns that the book was changed elsewhere; Reload asks before it replaces the changes', async () => {
    const api = serveBooks(({ method, ifMatch }) =>
      method === 'PUT' && ifMatch === '"v1"' ? new Response(null, { status: 412 }) : undefined,
    );
    const { userEvent } = await openPage('/books/dune');
    await fill(userEvent, { Title: 'Mine' });
    api.changeElsewhere('Theirs');
    await userEvent.click(save());
    expect(await screen.findByText('This book was changed elsewhere.')).toBeVisible();
    expect(field('Title')).toHaveValue('Mine');

    await userEvent.click(await noticeButton('Reload'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(field('Title')).toHaveValue('Mine');
    expect(api.sent.filter((request) => request.method === 'GET')).toHaveLength(1);

    await userEvent.click(save());
    await userEvent.click(await noticeButton('Reload'));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(field('Title')).toHaveValue('Theirs'));
    await fill(userEvent, { Author: 'Someone' });
    await userEvent.click(save());
    await waitFor(() => expect(api.changes().at(-1)).toMatchObject({ ifMatch: '"v2"', body: { title: 'Theirs' } }));
  });

  it('asks before the toolbar leaves a new book half typed, and keeps the text on Keep editing', async () => {
    serveBooks();
    const { userEvent, router } = await openPage('/books/new');
    await fill(userEvent, { Title: 'Half a' });
    await userEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Settings' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/books/new');
    expect(field('Title')).toHaveValue('Half a');
  });

  it('offline, Save says so, sends nothing and keeps the form as it is', async () => {
    const api = serveBooks();
    const { userEvent } = await openPage('/books/dune');
    await fill(userEvent, { Title: 'Offline edit' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(save());
    expect(await screen.findByText("You're offline. Try again when you're back online.")).toBeVisible();
    expect(api.changes()).toEqual([]);
    expect(field('Title')).toHaveValue('Offline edit');
  });
});
