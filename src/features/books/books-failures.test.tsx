import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/render-app';
import { stubPage } from '../../test/stub-page';

// Every way the Books API can fail, on every call the pages make: each says what happened in its own words, and
// none shows the app's generic error ("An error occurred. See console for details.").

const BOOKS = 'https://api.example.com/books';
const DUNE = {
  id: 'dune',
  title: 'Dune',
  author: 'Frank Herbert',
  year: 1965,
  isbn: '',
  description: '',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

type Failure = () => Promise<Response>;
const status =
  (code: number, body: unknown = { error: 'x' }): Failure =>
  async () =>
    Response.json(body, { status: code });
const FAILURES: Record<string, Failure> = {
  '400': status(400, { errors: {} }),
  '401': status(401),
  '403': status(403, { error: 'forbidden' }),
  '404': status(404, { error: 'notFound' }),
  '409': status(409),
  '412': status(412),
  '428': status(428),
  '429': status(429),
  '500': status(500),
  '503': async () => new Response('<html>down</html>', { status: 503 }),
  'a failed connection': async () => Promise.reject(new TypeError('Failed to fetch')),
  'a 200 that is not JSON': async () =>
    new Response('<html>Sign in</html>', { status: 200, headers: { ETag: '"v9"' } }),
  'an answer out of shape': async () => Response.json({ id: 7 }, { status: 200, headers: { ETag: '"v9"' } }),
};

const SESSION = 'Your session has ended. Please sign in again.';
const PERMISSION = "You don't have permission to do that.";
const RATE = 'Too many requests. Wait a moment, then try again.';
const FAILED = 'The server could not do that. Try again later.';
const CHANGED = 'This book was changed elsewhere.';
const DELETED = 'This book was deleted elsewhere.';

/** The words each failure gets; `notFound` and `conflict` differ by what was being done. */
const said = (failure: string, { notFound = FAILED, conflict = FAILED } = {}) =>
  ({ '401': SESSION, '403': PERMISSION, '404': notFound, '409': conflict, '412': conflict, '429': RATE })[failure] ??
  FAILED;

/** Dune on the shelf; the request `failing` names (method and path) gets `failure` instead. */
function serve(failing: { method: string; path: string }, failure: Failure) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const { pathname } = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (method === failing.method && pathname === failing.path) return failure();
    if (pathname === '/books') {
      return method === 'POST'
        ? Response.json({ ...DUNE, id: 'new' }, { status: 201, headers: { ETag: '"v1"' } })
        : Response.json({ items: [DUNE], total: 1, page: 1, pageSize: 10 });
    }
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json(DUNE, { headers: { ETag: '"v1"' } });
  });
  stubPage({ url: 'https://app.example.com/books', fetch: fetchMock });
}

async function open(url: string) {
  vi.stubGlobal('__BOOKS_API_URL__', BOOKS);
  return renderSignedIn(url, { sub: 'user-1', groups: ['snxt-editors'] });
}

const noGenericError = () => {
  expect(screen.queryByText(/See console for details/)).toBeNull();
  expect(screen.queryByText(/An error occurred/)).toBeNull();
};

afterEach(() => vi.unstubAllGlobals());

const failures = Object.keys(FAILURES);

describe('every failure of the Books API says what happened', () => {
  it.each(failures)('creating a book: %s', async (failure) => {
    serve({ method: 'POST', path: '/books' }, FAILURES[failure]!);
    const { userEvent } = await open('/books/new');
    await userEvent.type(await screen.findByLabelText('Title'), 'Dune');
    await userEvent.type(screen.getByLabelText('Author'), 'Frank Herbert');
    await userEvent.type(screen.getByLabelText('Year'), '1965');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(said(failure), {}, { timeout: 4000 })).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('Dune');
    noGenericError();
  });

  it.each(failures)('saving a book: %s', async (failure) => {
    serve({ method: 'PUT', path: '/books/dune' }, FAILURES[failure]!);
    const { userEvent } = await open('/books/dune');
    await userEvent.type(await screen.findByLabelText('Title'), ' Messiah');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(said(failure, { notFound: DELETED, conflict: CHANGED }), {}, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('Dune Messiah');
    noGenericError();
  });

  it.each(failures)('deleting a book: %s', async (failure) => {
    serve({ method: 'DELETE', path: '/books/dune' }, FAILURES[failure]!);
    const { userEvent } = await open('/books/dune');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const expected =
      failure.startsWith('a 200') || failure.startsWith('an answer')
        ? 'Book deleted.'
        : said(failure, { notFound: DELETED, conflict: CHANGED });
    expect(await screen.findByText(expected, {}, { timeout: 4000 })).toBeVisible();
    noGenericError();
  });

  it.each(failures.filter((failure) => failure !== '404'))('opening a book: %s', async (failure) => {
    serve({ method: 'GET', path: '/books/dune' }, FAILURES[failure]!);
    await open('/books/dune');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent(said(failure, { conflict: FAILED }));
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    noGenericError();
  });

  it.each(failures)('listing the books: %s', async (failure) => {
    serve({ method: 'GET', path: '/books' }, FAILURES[failure]!);
    await open('/books');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('The books could not be loaded.');
    noGenericError();
  });
});

describe('a book deleted elsewhere', () => {
  it('says so on Save with a link back to the list, and the form keeps its values', async () => {
    serve({ method: 'PUT', path: '/books/dune' }, FAILURES['404']!);
    const { userEvent, router } = await open('/books/dune');
    await userEvent.clear(await screen.findByLabelText('Author'));
    await userEvent.type(screen.getByLabelText('Author'), 'F. Herbert');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(DELETED);
    expect(screen.getByLabelText('Author')).toHaveValue('F. Herbert');
    await userEvent.click(within(warning).getByRole('link', { name: 'Back to Books' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/books'));
  });

  it('opening a book again after a failure: Try again loads it', async () => {
    let failing = true;
    const fetchMock = vi.fn<typeof fetch>(async () =>
      failing ? new Response(null, { status: 503 }) : Response.json(DUNE, { headers: { ETag: '"v1"' } }),
    );
    stubPage({ url: 'https://app.example.com/books', fetch: fetchMock });
    const { userEvent } = await open('/books/dune');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dune' })).toBeVisible();
  });
});
