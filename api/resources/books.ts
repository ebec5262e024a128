// The Books example's API rules, the same as its form's (src/features/books/).
import { defineResource, type FieldRule, optionalText, requiredText } from '../resource.ts';

const FIRST_YEAR = 1450;
/** Any year someone somewhere already has: the clock's year in the time zone furthest ahead. */
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

const normalizeIsbn = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

function isValidIsbn(text: string): boolean {
  const isbn = normalizeIsbn(text);
  const digits = [...isbn].map((char) => (char === 'X' ? 10 : Number(char)));
  if (/^\d{9}[\dX]$/.test(isbn)) return digits.reduce((sum, digit, index) => sum + digit * (10 - index), 0) % 11 === 0;
  if (/^97[89]\d{10}$/.test(isbn)) {
    return digits.reduce((sum, digit, index) => sum + digit * (index % 2 === 0 ? 1 : 3), 0) % 10 === 0;
  }
  return false;
}

const year: FieldRule = (value, { now }) => {
  if (value === undefined || value === null || value === '') return { error: 'required' };
  if (typeof value !== 'number' || !Number.isInteger(value)) return { error: 'invalid' };
  const currentYear = new Date(now + LATEST_UTC_OFFSET_MS).getUTCFullYear();
  return value < FIRST_YEAR || value > currentYear ? { error: 'range' } : { value };
};

const isbn: FieldRule = (value) => {
  if (value === undefined || value === null) return { value: '' };
  if (typeof value !== 'string') return { error: 'invalid' };
  if (value.trim() === '') return { value: '' };
  return isValidIsbn(value) ? { value: normalizeIsbn(value) } : { error: 'invalid' };
};

export const books = defineResource({
  fields: {
    title: requiredText(200),
    author: requiredText(100),
    year,
    isbn,
    description: optionalText(2000),
  },
  sorts: { title: ['title', 'author'], author: ['author', 'title'], year: ['year', 'title'] },
  search: ['title', 'author'],
});
