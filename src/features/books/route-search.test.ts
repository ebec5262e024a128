import { describe, expect, it } from 'vitest';
import { pickBooksSearch } from './route-search';

describe('pickBooksSearch', () => {
  it('keeps the list’s parameters as the URL gives them, rules or not (the page applies them)', () => {
    const raw = { q: 'dune', sort: '__proto__', order: 'desc', page: -1, pageSize: '100000' };
    expect(pickBooksSearch(raw)).toEqual(raw);
    expect(pickBooksSearch({ q: true, page: 2 })).toEqual({ q: true, page: 2 });
    expect(pickBooksSearch({})).toEqual({});
  });

  it('drops other parameters, and values that are not plain (arrays, objects, null)', () => {
    expect(pickBooksSearch({ utm_source: 'x', limit: 5, page: 3 })).toEqual({ page: 3 });
    expect(pickBooksSearch({ q: ['a', 'b'], sort: { year: 1 }, order: null, page: undefined })).toEqual({});
  });

  it('reads only own keys: an inherited or __proto__ value is ignored, and Object.prototype stays clean', () => {
    expect(pickBooksSearch(Object.create({ sort: 'year', page: 4 }) as object)).toEqual({});
    const parsed = JSON.parse('{"__proto__": {"sort": "year"}, "constructor": "x", "q": "ok"}') as object;
    const picked = pickBooksSearch(parsed);
    expect(picked).toEqual({ q: 'ok' });
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).sort).toBeUndefined();
  });
});
