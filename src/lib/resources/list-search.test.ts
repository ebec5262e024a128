import { describe, expect, it } from 'vitest';
import { listSearchRules } from './list-search';

// A list sorted by title (the default), author or year.
const { validate: validateListSearch, withoutDefaults } = listSearchRules(['title', 'author', 'year']);

const DEFAULTS = { sort: 'title', order: 'asc', page: 1, pageSize: 10 } as const;

describe('validateListSearch', () => {
  it('fills the defaults for an empty search, with no q', () => {
    const search = validateListSearch({});
    expect(search).toEqual(DEFAULTS);
    expect(search).not.toHaveProperty('q');
  });

  it('keeps good values, as strings or as the numbers the router parses them to', () => {
    expect(validateListSearch({ q: 'le guin', sort: 'year', order: 'desc', page: 3, pageSize: 25 })).toEqual({
      q: 'le guin',
      sort: 'year',
      order: 'desc',
      page: 3,
      pageSize: 25,
    });
    expect(validateListSearch({ sort: 'author', page: '2', pageSize: '50' })).toEqual({
      ...DEFAULTS,
      sort: 'author',
      page: 2,
      pageSize: 50,
    });
  });

  it('trims q, leaves it out when empty and cuts it at 200 characters', () => {
    expect(validateListSearch({ q: '  dune ' }).q).toBe('dune');
    for (const q of ['', '   ', '\n\t']) expect(validateListSearch({ q })).not.toHaveProperty('q');
    expect(validateListSearch({ q: 'a'.repeat(500) }).q).toBe('a'.repeat(200));
    expect(validateListSearch({ q: `${'a'.repeat(199)} b` }).q).toBe('a'.repeat(199));
    // Cutting never leaves half of a character written as two UTF-16 units.
    expect(validateListSearch({ q: `${'a'.repeat(199)}📚📚` }).q).toBe('a'.repeat(199));
  });

  it('reads a q the router parsed as a number or a boolean as the text it was', () => {
    expect(validateListSearch({ q: 1984 }).q).toBe('1984');
    expect(validateListSearch({ q: true }).q).toBe('true');
  });

  it.each([
    ['an array', ['dune', 'x']],
    ['an object', { toString: 'dune' }],
    ['null', null],
    ['NaN', NaN],
    ['Infinity', Infinity],
  ])('leaves out a q that is %s', (_, q) => {
    expect(validateListSearch({ q })).toEqual(DEFAULTS);
  });

  it.each([
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['toString', 'toString'],
    ['another case', 'Title'],
    ['with spaces', ' year '],
    ['an array of one', ['year']],
    ['a number', 1],
    ['an object', { year: true }],
  ])('falls back to the default sort and order for %s', (_, value) => {
    expect(validateListSearch({ sort: value, order: value })).toEqual(DEFAULTS);
  });

  it.each([
    ['-1', -1, 1],
    ['"-1"', '-1', 1],
    ['0', 0, 1],
    ['2.7', 2.7, 2],
    ['" 2 "', ' 2 ', 2],
    ['1e3', 1e3, 1000],
    ['"1e3"', '1e3', 1000],
    ['1e400', '1e400', Number.MAX_SAFE_INTEGER],
    ['2abc', '2abc', 1],
    ['0x10', '0x10', 1],
    ['Infinity as text', 'Infinity', 1],
    ['NaN', NaN, 1],
    ['empty', '', 1],
    ['an array', [2], 1],
    ['an object', { valueOf: 2 }, 1],
    ['a boolean', true, 1],
    ['null', null, 1],
  ])('reads page %s as %s', (_, page, expected) => {
    expect(validateListSearch({ page }).page).toBe(expected);
  });

  it.each([
    ['100000', 100000, 100],
    ['"100000"', '100000', 100],
    ['101', 101, 100],
    ['100', 100, 100],
    ['1', 1, 1],
    ['0', 0, 1],
    ['-5', -5, 1],
    ['1e3', '1e3', 100],
    ['" 20 "', ' 20 ', 20],
    ['20abc', '20abc', 10],
    ['NaN', NaN, 10],
    ['an array', [20], 10],
  ])('clamps pageSize %s to %s', (_, pageSize, expected) => {
    expect(validateListSearch({ pageSize }).pageSize).toBe(expected);
  });

  it('reads only own keys: an inherited or __proto__ value is ignored, and Object.prototype stays clean', () => {
    const inherited = Object.create({ sort: 'year', page: 4 }) as Record<string, unknown>;
    expect(validateListSearch(inherited)).toEqual(DEFAULTS);
    const parsed = JSON.parse('{"__proto__": {"sort": "year"}, "constructor": {"page": 3}}') as Record<string, unknown>;
    expect(validateListSearch(parsed)).toEqual(DEFAULTS);
    expect(({} as Record<string, unknown>).sort).toBeUndefined();
  });

  it('ignores unknown keys and never throws, whatever it is given', () => {
    expect(validateListSearch({ limit: 5, offset: 9, pageSize: 5 })).toEqual({ ...DEFAULTS, pageSize: 5 });
    for (const raw of [null, undefined, 'q=x', 42]) {
      expect(validateListSearch(raw as unknown as Record<string, unknown>)).toEqual(DEFAULTS);
    }
  });
});

describe('withoutDefaults', () => {
  it('leaves out what a URL without it means, so the first page by title is the bare path', () => {
    expect(withoutDefaults(validateListSearch({}))).toEqual({});
    expect(withoutDefaults({ ...DEFAULTS, sort: 'title', order: 'asc' } as const)).toEqual({});
  });

  it('keeps each value that differs, in the order links write them', () => {
    const search = { q: 'dune', sort: 'year', order: 'desc', page: 2, pageSize: 25 } as const;
    expect(Object.entries(withoutDefaults(search))).toEqual(Object.entries(search));
    expect(withoutDefaults({ ...DEFAULTS, sort: 'year' } as const)).toEqual({ sort: 'year' });
    expect(withoutDefaults({ ...DEFAULTS, page: 3 } as const)).toEqual({ page: 3 });
  });
});
