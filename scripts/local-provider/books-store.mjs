// One shelf of books per user (by `sub`), in memory, each with its ETag; seeded on first use and after reset().
import { randomBytes, randomUUID } from 'node:crypto';

const collator = new Intl.Collator('en', { numeric: true });
const folded = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const compareText = (field) => (a, b) => collator.compare(a[field], b[field]);
const ORDERINGS = {
  title: [compareText('title'), compareText('author')],
  author: [compareText('author'), compareText('title')],
  year: [(a, b) => a.year - b.year, compareText('title')],
};
const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A strong validator that says nothing about the book: a new one for every version. */
const newEtag = () => `"${randomBytes(9).toString('base64url')}"`;

export function createBooksStore({ seedFor, now = Date.now }) {
  const shelves = new Map();

  const stored = (id, fields, at) => ({
    book: { id, ...fields, updatedAt: new Date(at).toISOString() },
    etag: newEtag(),
  });

  function shelfOf(sub) {
    let shelf = shelves.get(sub);
    if (!shelf) {
      const at = now();
      const seeded = seedFor(sub).map((fields, index) => stored(randomUUID(), fields, at - index * 60_000));
      shelf = new Map(seeded.map((entry) => [entry.book.id, entry]));
      shelves.set(sub, shelf);
    }
    return shelf;
  }

  return {
    /** Sorted by the field, then by title (author for title), then by id, so equal keys keep one order. */
    list(sub, { q, sort, order, page, pageSize }) {
      const needle = folded(q);
      const matches = [...shelfOf(sub).values()]
        .map((entry) => entry.book)
        .filter((book) => needle === '' || folded(book.title).includes(needle) || folded(book.author).includes(needle));
      const [primary, secondary] = ORDERINGS[sort];
      const direction = order === 'desc' ? -1 : 1;
      matches.sort((a, b) => direction * primary(a, b) || secondary(a, b) || byId(a, b));
      return { items: matches.slice((page - 1) * pageSize, page * pageSize), total: matches.length, page, pageSize };
    },
    get: (sub, id) => shelfOf(sub).get(id),
    create(sub, fields) {
      const entry = stored(randomUUID(), fields, now());
      shelfOf(sub).set(entry.book.id, entry);
      return entry;
    },
    replace(sub, id, fields) {
      const entry = stored(id, fields, now());
      shelfOf(sub).set(id, entry);
      return entry;
    },
    remove: (sub, id) => shelfOf(sub).delete(id),
    reset: () => shelves.clear(),
  };
}
