import { describe, expect, it } from 'vitest';
import { pickListSearch } from './pick-list-search';

describe('pickListSearch', () => {
  it('keeps the list’s parameters as the URL gives them, rules or not (the page applies them)', () => {
    const raw = { q: 'dune', sort: '__proto__', order: 'desc', page: -1, pageSize: '100000' };
    expect(pickListSearch(raw)).toEqual(raw);
    expect(pickListSearch({ q: true, page: 2 })).toEqual({ q: true, page: 2 });
    expect(pickListSearch({})).toEqual({});
  });

  it('drops other parameters, and values that are not plain (arrays, objects, null)', () => {
    expect(pickListSearch({ utm_source: 'x', limit: 5, page: 3 })).toEqual({ page: 3 });
    expect(pickListSearch({ q: ['a', 'b'], sort: { year: 1 }, order: null, page: undefined })).toEqual({});
  });

  it('reads only own keys: an inherited or __proto__ value is ignored, and Object.prototype stays clean', () => {
    expect(pickListSearch(Object.create({ sort: 'year', page: 4 }) as object)).toEqual({});
    const parsed = JSON.parse('{"__proto__": {"sort": "year"}, "constructor": "x", "q": "ok"}') as object;
    const picked = pickListSearch(parsed);
    expect(picked).toEqual({ q: 'ok' });
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).sort).toBeUndefined();
  });
});
