import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from '../../lib/resources/field-errors';
import { BOOK_LIMITS, bookForm } from './book-schema';

const TODAY = new Date(2026, 5, 15);
const schema = bookForm(TODAY);
const VALID = { title: 'Dune', author: 'Frank Herbert', year: '1965', isbn: '', description: '' };

const errorsFor = (values: Record<string, unknown>) => {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsFrom(result.error.issues, Object.keys(VALID));
};

describe('bookForm', () => {
  it('gives the body the API takes: text trimmed, the year a number, the ISBN bare', () => {
    const result = schema.parse({
      title: '  The Dispossessed ',
      author: 'Ursula K. Le Guin\n',
      year: ' 1974 ',
      isbn: ' 978-0-06-051275-0 ',
      description: ' An ambiguous utopia. ',
    });
    expect(result).toEqual({
      title: 'The Dispossessed',
      author: 'Ursula K. Le Guin',
      year: 1974,
      isbn: '9780060512750',
      description: 'An ambiguous utopia.',
    });
    expect(schema.parse({ ...VALID, isbn: '0-201-61622-x' }).isbn).toBe('020161622X');
    expect(schema.parse({ ...VALID, isbn: '   ' }).isbn).toBe('');
  });

  it('takes each limit itself: 200, 100 and 2000 characters, the years 1450 and this one', () => {
    expect(BOOK_LIMITS).toEqual({ title: 200, author: 100, description: 2000, firstYear: 1450 });
    const longest = { title: 't'.repeat(200), author: 'a'.repeat(100), description: 'd'.repeat(2000) };
    expect(errorsFor({ ...VALID, ...longest })).toEqual({});
    expect(errorsFor({ ...VALID, year: '1450' })).toEqual({});
    expect(errorsFor({ ...VALID, year: '2026' })).toEqual({});
  });

  it('says which rule each field breaks', () => {
    expect(errorsFor({ ...VALID, title: '', author: '   ', year: '' })).toEqual({
      title: 'required',
      author: 'required',
      year: 'required',
    });
    expect(errorsFor({ ...VALID, title: 't'.repeat(201) })).toEqual({ title: 'tooLong' });
    expect(errorsFor({ ...VALID, author: 'a'.repeat(101) })).toEqual({ author: 'tooLong' });
    expect(errorsFor({ ...VALID, description: 'd'.repeat(2001) })).toEqual({ description: 'tooLong' });
    for (const year of ['1449', '2027', '0', '99999999999999999999']) {
      expect(errorsFor({ ...VALID, year }), year).toEqual({ year: 'range' });
    }
    for (const year of ['-1965', '1965.5', '1e3', 'MCMLXV', '19 65', '１９６５']) {
      expect(errorsFor({ ...VALID, year }), year).toEqual({ year: 'invalid' });
    }
    for (const isbn of ['978-0-06-051275-1', '12345', 'ISBN 9780060512750']) {
      expect(errorsFor({ ...VALID, isbn }), isbn).toEqual({ isbn: 'invalid' });
    }
  });

  it('counts characters of the trimmed value: spaces around it do not count, an emoji is one', () => {
    expect(errorsFor({ ...VALID, title: `  ${'t'.repeat(200)}  ` })).toEqual({});
    expect(errorsFor({ ...VALID, title: '📚'.repeat(200), author: 'é'.repeat(100) })).toEqual({});
    expect(errorsFor({ ...VALID, title: '📚'.repeat(201) })).toEqual({ title: 'tooLong' });
  });

  it('uses the year of the clock it is given', () => {
    expect(bookForm(new Date(2030, 0, 1)).safeParse({ ...VALID, year: '2030' }).success).toBe(true);
    expect(bookForm(new Date(2029, 11, 31)).safeParse({ ...VALID, year: '2030' }).success).toBe(false);
  });

  it('calls a value of the wrong type invalid', () => {
    expect(errorsFor({ title: 42, author: null, year: 1965, isbn: ['x'], description: {} })).toEqual({
      title: 'invalid',
      author: 'invalid',
      year: 'invalid',
      isbn: 'invalid',
      description: 'invalid',
    });
  });
});
