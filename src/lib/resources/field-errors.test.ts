import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from './field-errors';

// A form with five fields, as Books has.
const errorsOf = (source: unknown) => fieldErrorsFrom(source, ['title', 'author', 'year', 'isbn', 'description']);

describe('fieldErrorsFrom', () => {
  it('reads the API’s 400 errors by field', () => {
    expect(errorsOf({ title: 'required', year: 'range', isbn: 'invalid', description: 'tooLong' })).toEqual({
      title: 'required',
      year: 'range',
      isbn: 'invalid',
      description: 'tooLong',
    });
  });

  it('keeps only the form’s fields and the known codes (others are invalid)', () => {
    const hostile = JSON.parse(
      '{"__proto__": "required", "constructor": "required", "body": "invalid", "title": "<b>bad</b>", "author": 7}',
    ) as unknown;
    const errors = errorsOf(hostile);
    expect(errors).toEqual({ title: 'invalid', author: 'invalid' });
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).title).toBeUndefined();
  });

  it('keeps the first issue of a field', () => {
    const issues = [
      { path: ['year'], message: 'required' },
      { path: ['year'], message: 'invalid' },
      { path: ['title', 0], message: 'tooLong' },
    ];
    expect(errorsOf(issues)).toEqual({ year: 'required', title: 'tooLong' });
  });

  it('gives no errors for what is not issues or an errors map', () => {
    for (const source of [undefined, null, 'required', 42, [null, 'x', { path: 'title', message: 'required' }]]) {
      expect(errorsOf(source)).toEqual({});
    }
  });
});
