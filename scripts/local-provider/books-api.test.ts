// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT, OUTSIDER_ACCOUNT, startOidcProvider } from './oidc-provider.mjs';
import { type Account, apiCall, signIn, type Tokens } from './sign-in-for-tests.ts';

// The Books API of the local provider: the demo account's books, test accounts with theirs, deletes for snxt-editors.
// The token checks are resource-api.test.ts's; the Books contract is api/resources/books.test.ts's.

const APP = 'http://127.0.0.1:4173/';
const VALID = { title: 'The Dispossessed', author: 'Ursula K. Le Guin', year: 1974, isbn: '978-0-06-051275-0' };

type Provider = Awaited<ReturnType<typeof startOidcProvider>>;
type Page = { items: { id: string; title: string }[]; total: number; page: number; pageSize: number };

describe('the Books API of the local provider', () => {
  let op: Provider;
  let demo: Tokens;
  let outsider: Tokens;
  const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(() => undefined),
  );
  const books = (token: string | null, path = '', init: Parameters<typeof apiCall>[2] = {}) =>
    apiCall(`${op.booksUrl}${path}`, token, init);
  const list = async (token: string) => {
    const response = await books(token);
    expect(response.status).toBe(200);
    return (await response.json()) as Page;
  };

  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [APP], testAccounts: true });
    [demo, outsider] = await Promise.all([signIn(op, DEMO_ACCOUNT, APP), signIn(op, OUTSIDER_ACCOUNT, APP)]);
  });

  afterAll(async () => {
    await op?.close();
    for (const spy of consoleSpies) spy.mockRestore();
  });

  it('is at {VITE_API_URL}/books', () => {
    expect(op.booksUrl).toBe(`${op.apiUrl}/books`);
  });

  it('gives the demo account its 25 books, page 1 of 10 by title, and the outsider none', async () => {
    const response = await books(demo.access_token);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = (await response.json()) as Page;
    expect(page).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(page.items[0]?.title).toBe('A Wizard of Earthsea');
    expect(await list(outsider.access_token)).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
  });

  it('lets snxt-editors delete, and refuses the outsider with 403 even for a book of its own', async () => {
    const created = await books(outsider.access_token, '', { method: 'POST', body: VALID });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(created.headers.get('location')).toBe(`${op.booksUrl}/${id}`);
    const refused = await books(outsider.access_token, `/${id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'forbidden' });
    expect((await books(outsider.access_token, `/${id}`)).status).toBe(200);
  });

  describe('test accounts (POST /test/accounts)', () => {
    const make = (body: string) => fetch(`${op.issuer}/test/accounts`, { method: 'POST', body });

    it('are fresh copies of the demo or outsider, each with its own books', async () => {
      const response = await make('{"like": "demo"}');
      expect(response.status).toBe(201);
      const copy = (await response.json()) as Account & { sub: string; name: string; groups: string[] };
      expect(copy).toMatchObject({ name: DEMO_ACCOUNT.name, groups: [...DEMO_ACCOUNT.groups] });
      expect(copy.sub).not.toBe(DEMO_ACCOUNT.sub);
      expect(copy.email).toMatch(/^demo\+[0-9a-f]{8}@snxt\.dev$/);
      const tokens = await signIn(op, copy, APP);
      const [first] = (await list(tokens.access_token)).items;
      expect((await books(tokens.access_token, `/${first!.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await list(tokens.access_token)).total).toBe(24);
      expect((await list(demo.access_token)).total).toBe(25);

      const outsiderCopy = (await (await make('{"like": "outsider"}')).json()) as Account;
      const outsiderTokens = await signIn(op, outsiderCopy, APP);
      expect((await list(outsiderTokens.access_token)).total).toBe(0);
    });

    it('refuses anything but a known account to copy', async () => {
      for (const body of ['{"like": "__proto__"}', '{"like": "admin"}', '{}', 'null', 'x']) {
        expect((await make(body)).status).toBe(400);
      }
      expect((await fetch(`${op.issuer}/test/accounts`)).status).toBe(405);
    });

    it('are not there on a provider started without testAccounts', async () => {
      const plain = await startOidcProvider({ redirectUris: [APP] });
      try {
        const response = await fetch(`${plain.issuer}/test/accounts`, { method: 'POST', body: '{"like": "demo"}' });
        expect(response.status).toBe(404);
      } finally {
        await plain.close();
      }
    });
  });

  it('stays quiet on the console', () => {
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});
