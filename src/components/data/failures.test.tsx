import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openNotes } from '../../test/notes-resource';
import { stubPage } from '../../test/stub-page';

// Every way a resource's API can fail, on every call the data kit's pages make (the tests' Notes): each says what
// happened in its own words, and none shows the app's generic error ("An error occurred. See console for details.").

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
const CHANGED = 'This note was changed elsewhere.';
const DELETED = 'This note was deleted elsewhere.';

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
    if (pathname === '/notes') {
      return method === 'POST'
        ? Response.json({ ...DUNE, id: 'new' }, { status: 201, headers: { ETag: '"v1"' } })
        : Response.json({ items: [DUNE], total: 1, page: 1, pageSize: 10 });
    }
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json(DUNE, { headers: { ETag: '"v1"' } });
  });
  stubPage({ url: 'https://app.example.com/notes', fetch: fetchMock });
}

const open = (url: string) => openNotes(url);

const noGenericError = () => {
  expect(screen.queryByText(/See console for details/)).toBeNull();
  expect(screen.queryByText(/An error occurred/)).toBeNull();
};

afterEach(() => vi.unstubAllGlobals());
// Each failure is logged for developers as well (the router's error boundary, the kit's warning): what a user sees is
// what these tests check. Printing those logs walks happy-dom's elements, whose getters throw outside a browser.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const failures = Object.keys(FAILURES);

describe('every failure of the API says what happened', () => {
  it.each(failures)('creating: %s', async (failure) => {
    serve({ method: 'POST', path: '/notes' }, FAILURES[failure]!);
    const { userEvent } = await open('/notes/new');
    await userEvent.type(await screen.findByLabelText('Title'), 'Dune');
    await userEvent.type(screen.getByLabelText('Author'), 'Frank Herbert');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(said(failure), {}, { timeout: 4000 })).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('Dune');
    noGenericError();
  });

  it.each(failures)('saving: %s', async (failure) => {
    serve({ method: 'PUT', path: '/notes/dune' }, FAILURES[failure]!);
    const { userEvent } = await open('/notes/dune');
    await userEvent.type(await screen.findByLabelText('Title'), ' Messiah');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(said(failure, { notFound: DELETED, conflict: CHANGED }), {}, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('Dune Messiah');
    noGenericError();
  });

  it.each(failures)('deleting: %s', async (failure) => {
    serve({ method: 'DELETE', path: '/notes/dune' }, FAILURES[failure]!);
    const { userEvent } = await open('/notes/dune');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const expected =
      failure.startsWith('a 200') || failure.startsWith('an answer')
        ? 'Note deleted.'
        : said(failure, { notFound: DELETED, conflict: CHANGED });
    expect(await screen.findByText(expected, {}, { timeout: 4000 })).toBeVisible();
    noGenericError();
  });

  it.each(failures.filter((failure) => failure !== '404'))('opening: %s', async (failure) => {
    serve({ method: 'GET', path: '/notes/dune' }, FAILURES[failure]!);
    await open('/notes/dune');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent(said(failure, { conflict: FAILED }));
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    noGenericError();
  });

  it.each(failures)('listing: %s', async (failure) => {
    serve({ method: 'GET', path: '/notes' }, FAILURES[failure]!);
    await open('/notes');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('The notes could not be loaded.');
    noGenericError();
  });
});

describe('a record deleted elsewhere', () => {
  it('says so on Save with a link back to the list, and the form keeps its values', async () => {
    serve({ method: 'PUT', path: '/notes/dune' }, FAILURES['404']!);
    const { userEvent, router } = await open('/notes/dune');
    await userEvent.clear(await screen.findByLabelText('Author'));
    await userEvent.type(screen.getByLabelText('Author'), 'F. Herbert');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(DELETED);
    expect(screen.getByLabelText('Author')).toHaveValue('F. Herbert');
    await userEvent.click(within(warning).getByRole('link', { name: 'Back to Notes' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes'));
  });

  it('opening again after a failure: Try again loads it', async () => {
    let failing = true;
    const fetchMock = vi.fn<typeof fetch>(async () =>
      failing ? new Response(null, { status: 503 }) : Response.json(DUNE, { headers: { ETag: '"v1"' } }),
    );
    stubPage({ url: 'https://app.example.com/notes', fetch: fetchMock });
    const { userEvent } = await open('/notes/dune');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dune' })).toBeVisible();
  });
});
