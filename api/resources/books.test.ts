// @vitest-environment node
// The Books example's API on the handler over dynalite: its fields, sorts and search, the demo account's 25 books.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookForm } from '../../src/features/books/book-schema';
import { fieldErrorsFrom } from '../../src/lib/resources/field-errors';
import { isValidIsbn as appIsValidIsbn } from '../../src/features/books/isbn';
import { DEMO_BOOKS } from '../../scripts/local-provider/books-seed.mjs';
import { checkFields } from '../resource.ts';
import { startTestApi, type TestCaller } from '../test-api.ts';
import { books } from './books.ts';

const VALID = { title: 'The Dispossessed', author: 'Ursula K. Le Guin', year: 1974, isbn: '978-0-06-051275-0' };
/** Whether the API takes this ISBN (a blank one is no ISBN, which it takes too). */
const isValidIsbn = (isbn: string) =>
  'fields' in checkFields(books, { ...VALID, isbn }, Date.now()) && isbn.trim() !== '';
type Book = { id: string; title: string; author: string; year: number; isbn: string; description: string };

let test: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  test = await startTestApi({ resources: { books } });
});
afterAll(() => test?.close());

/** A reader with the demo account's books, in snxt-editors as the demo account is. */
async function demoReader(): Promise<TestCaller> {
  const caller = test.newCaller(['snxt-editors']);
  await test.api.seed(caller.sub, 'books', DEMO_BOOKS);
  return caller;
}
const list = async (caller: TestCaller, query = '') => {
  const answer = await test.call('/books', caller, { query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { items: Book[]; total: number; page: number; pageSize: number };
};
const create = async (caller: TestCaller, body: unknown = VALID) => {
  const answer = await test.call('/books', caller, { method: 'POST', body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Book;
};
const errors = async (body: unknown) => {
  const answer = await test.call('/books', test.newCaller(), { method: 'POST', body });
  expect(answer.status).toBe(400);
  return answer.body.errors as Record<string, string>;
};

describe('the Books API', () => {
  it('lists the demo account’s 25 books by title, each with the fields of a book', async () => {
    const page = await list(await demoReader());
    expect(page).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(page.items.map((book) => book.title)).toEqual([
      'A Wizard of Earthsea',
      'Beloved',
      'Brave New World',
      'Don Quixote',
      'Dune',
      'Frankenstein',
      'Gödel, Escher, Bach',
      'Leviathan',
      'Moby-Dick',
      'Mrs Dalloway',
    ]);
    for (const book of page.items) {
      expect(Object.keys(book).sort()).toEqual(['author', 'description', 'id', 'isbn', 'title', 'updatedAt', 'year']);
    }
  });

  it('sorts by year, author or title, either way; equal keys go by title, then id', async () => {
    const caller = await demoReader();
    const years = (await list(caller, 'sort=year&pageSize=100')).items;
    expect(years.map((book) => book.year)).toEqual([...years.map((book) => book.year)].sort((a, b) => a - b));
    expect(years[0]?.title).toBe('Utopia');
    const byYearDesc = (await list(caller, 'sort=year&order=desc&pageSize=100')).items;
    expect(byYearDesc[0]?.title).toBe('Project Hail Mary');
    for (const found of [years, byYearDesc]) {
      expect(found.filter((book) => book.year === 1925).map((book) => book.title)).toEqual([
        'Mrs Dalloway',
        'The Great Gatsby',
      ]);
    }
    const authors = (await list(caller, 'sort=author&pageSize=100')).items.map((b) => `${b.author}: ${b.title}`);
    expect(authors[0]).toBe('Aldous Huxley: Brave New World');
    expect(authors.filter((entry) => entry.startsWith('Ursula'))).toEqual([
      'Ursula K. Le Guin: A Wizard of Earthsea',
      'Ursula K. Le Guin: The Left Hand of Darkness',
    ]);
    const titlesDesc = (await list(caller, 'sort=title&order=desc&pageSize=3')).items.map((book) => book.title);
    expect(titlesDesc).toEqual(['Wuthering Heights', 'Utopia', 'To Kill a Mockingbird']);
    const twins = [await create(caller), await create(caller)].map((book) => book.id).sort();
    for (const order of ['asc', 'desc']) {
      expect((await list(caller, `q=dispossessed&sort=year&order=${order}`)).items.map((b) => b.id)).toEqual(twins);
    }
    expect((await test.call('/books', caller, { query: 'sort=updatedAt' })).status).toBe(400);
  });

  it('searches title or author, ignoring case, accents and the spaces around it', async () => {
    const caller = await demoReader();
    const titles = async (q: string) => (await list(caller, `q=${encodeURIComponent(q)}`)).items.map((b) => b.title);
    expect(await titles('le guin')).toEqual(['A Wizard of Earthsea', 'The Left Hand of Darkness']);
    expect(await titles('HOBBIT')).toEqual(['The Hobbit']);
    expect(await titles('  garcia  ')).toEqual(['One Hundred Years of Solitude']);
    expect(await titles('GÖDEL')).toEqual(['Gödel, Escher, Bach']);
    expect(await titles('brontë')).toEqual(['Wuthering Heights']);
    expect((await list(caller, 'q=the&pageSize=2')).total).toBe(8);
    expect((await list(caller, `q=${encodeURIComponent('.*')}`)).total).toBe(0);
  });

  it('trims text, stores the ISBN bare, takes an ISBN-10 with an X and no ISBN or description at all', async () => {
    const caller = test.newCaller();
    const book = await create(caller, {
      ...VALID,
      title: '  The Dispossessed ',
      description: ' An ambiguous utopia.\n',
    });
    expect(book).toMatchObject({
      title: 'The Dispossessed',
      isbn: '9780060512750',
      description: 'An ambiguous utopia.',
    });
    expect(await create(caller, { title: 'T', author: 'A', year: 1450, isbn: '0-201-61622-x' })).toMatchObject({
      isbn: '020161622X',
      description: '',
      year: 1450,
    });
    expect((await create(caller, { title: 'T', author: 'A', year: new Date().getUTCFullYear(), isbn: ' ' })).isbn).toBe(
      '',
    );
    const longest = await create(caller, {
      title: 't'.repeat(200),
      author: 'a'.repeat(100),
      year: 2000,
      description: 'd'.repeat(2000),
    });
    expect([longest.title.length, longest.author.length, longest.description.length]).toEqual([200, 100, 2000]);
  });

  it('answers 400 with the error of each field', async () => {
    expect(await errors({})).toEqual({ title: 'required', author: 'required', year: 'required' });
    expect(await errors({ ...VALID, title: '   ', author: null, year: '' })).toEqual({
      title: 'required',
      author: 'required',
      year: 'required',
    });
    expect(await errors({ ...VALID, title: 't'.repeat(201) })).toEqual({ title: 'tooLong' });
    expect(await errors({ ...VALID, author: 'a'.repeat(101) })).toEqual({ author: 'tooLong' });
    expect(await errors({ ...VALID, description: 'd'.repeat(2001) })).toEqual({ description: 'tooLong' });
    expect(await errors({ ...VALID, year: 1449 })).toEqual({ year: 'range' });
    expect(await errors({ ...VALID, year: new Date().getUTCFullYear() + 2 })).toEqual({ year: 'range' });
    expect(await errors({ ...VALID, year: '1999' })).toEqual({ year: 'invalid' });
    expect(await errors({ ...VALID, year: 1999.5 })).toEqual({ year: 'invalid' });
    expect(await errors({ ...VALID, isbn: '978-0-06-051275-1' })).toEqual({ isbn: 'invalid' });
    expect(await errors({ ...VALID, isbn: '0-201-61622-0' })).toEqual({ isbn: 'invalid' });
    expect(await errors({ ...VALID, isbn: 9780060512750 })).toEqual({ isbn: 'invalid' });
    expect(await errors({ title: 42, author: ['x'], year: { value: 1999 }, isbn: true, description: 7 })).toEqual({
      title: 'invalid',
      author: 'invalid',
      year: 'invalid',
      isbn: 'invalid',
      description: 'invalid',
    });
  });

  it('lets members of snxt-editors delete, and nobody else', async () => {
    const outsider = test.newCaller();
    const theirs = await create(outsider);
    expect((await test.call(`/books/${theirs.id}`, outsider, { method: 'DELETE' })).status).toBe(403);
    const editor = await demoReader();
    const [first] = (await list(editor)).items;
    expect((await test.call(`/books/${first!.id}`, editor, { method: 'DELETE' })).status).toBe(204);
    expect((await list(editor)).total).toBe(24);
  });
});

describe('the demo books', () => {
  it('are 25 real books: valid ISBNs where there is one, a spread of years, some with a description', () => {
    expect(DEMO_BOOKS).toHaveLength(25);
    expect(new Set(DEMO_BOOKS.map((book) => book.title)).size).toBe(25);
    const withIsbn = DEMO_BOOKS.filter((book) => book.isbn !== '');
    expect(withIsbn.length).toBeGreaterThanOrEqual(18);
    expect(withIsbn.filter((book) => book.isbn.length === 10).length).toBeGreaterThanOrEqual(2);
    expect(DEMO_BOOKS.filter((book) => book.description !== '').length).toBeGreaterThanOrEqual(8);
    expect(new Set(DEMO_BOOKS.map((book) => book.year)).size).toBeGreaterThanOrEqual(20);
    for (const book of DEMO_BOOKS) expect(checkFields(books, book, Date.now()), book.title).toEqual({ fields: book });
  });
});

describe('isValidIsbn (server)', () => {
  it('checks ISBN-10 (X as 10) and ISBN-13 (978/979) checksums, ignoring hyphens and spaces', () => {
    for (const isbn of ['0-201-61622-X', '020161622x', '978 0 13 468599 1', '9791032305690', '0-465-02656-7']) {
      expect(isValidIsbn(isbn), isbn).toBe(true);
    }
    for (const isbn of ['0-201-61622-9', 'X201616220', '9770134685992', '9780134685992', '97801346859', '']) {
      expect(isValidIsbn(isbn), isbn).toBe(false);
    }
    for (const isbn of ['978013468599１', '0201６1622X', '0201-61622-X\u0000', '__proto__', '0'.repeat(10_000)]) {
      expect(isValidIsbn(isbn), isbn).toBe(false);
    }
  });
});

describe("the app's rules and the API's", () => {
  it('agree on ISBNs, real and random', () => {
    const samples = ['0-201-61622-X', '978 0 13 468599 1', '9770134685992', ' ', '020161622x', 'X201616220'];
    for (let index = 0; index < 3000; index += 1) {
      const length = index % 2 === 0 ? 10 : 13;
      const prefix = index % 4 < 2 ? '' : '978';
      const digits = Array.from(
        { length: length - prefix.length },
        () => '0123456789X-'[Math.floor(Math.random() * 12)],
      );
      samples.push(prefix + digits.join(''));
    }
    expect(samples.filter((isbn) => appIsValidIsbn(isbn)).length).toBeGreaterThan(20);
    for (const isbn of samples) expect(appIsValidIsbn(isbn), isbn).toBe(isValidIsbn(isbn));
  });

  it('give the same error for the same field', () => {
    const valid = { title: 'Dune', author: 'Frank Herbert', year: '1965', isbn: '', description: '' };
    const cases = [
      valid,
      { ...valid, title: '', author: ' ', year: '' },
      { ...valid, title: ` ${'t'.repeat(200)} `, author: 'a'.repeat(100), description: 'd'.repeat(2000) },
      { ...valid, title: 't'.repeat(201), author: 'a'.repeat(101), description: 'd'.repeat(2001) },
      { ...valid, title: '📚'.repeat(200), author: '📚'.repeat(101), description: 'é'.repeat(2000) },
      { ...valid, year: '1449' },
      { ...valid, year: '1450', isbn: '978-0-06-051275-0' },
      { ...valid, year: '99999', isbn: '978-0-06-051275-1' },
      { ...valid, isbn: '0-201-61622-X', description: '\n' },
    ];
    const today = new Date();
    for (const values of cases) {
      const app = bookForm(today).safeParse(values);
      const body = { ...values, year: values.year.trim() === '' ? null : Number(values.year) };
      const api = checkFields(books, body, today.getTime());
      expect(app.success ? {} : fieldErrorsFrom(app.error.issues, Object.keys(values)), JSON.stringify(values)).toEqual(
        'errors' in api ? api.errors : {},
      );
      if (app.success) expect(app.data).toEqual('fields' in api ? api.fields : null);
    }
  });
});
