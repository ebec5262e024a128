import type { Field } from '../../lib/resources/resource';
import { BOOK_LIMITS } from './book-schema';

export const BOOK_FIELDS: readonly Field[] = [
  {
    name: 'title',
    labelKey: 'snxt.books.fields.title',
    messages: { default: 'snxt.books.errors.titleRequired', tooLong: 'snxt.books.errors.titleTooLong' },
  },
  {
    name: 'author',
    labelKey: 'snxt.books.fields.author',
    messages: { default: 'snxt.books.errors.authorRequired', tooLong: 'snxt.books.errors.authorTooLong' },
  },
  {
    name: 'year',
    labelKey: 'snxt.books.fields.year',
    messages: { default: 'snxt.books.errors.year' },
    // As text: a number would be written with grouping (1,450).
    values: (today) => ({ first: String(BOOK_LIMITS.firstYear), last: String(today.getFullYear()) }),
    span: 2,
    numeric: true,
  },
  { name: 'isbn', labelKey: 'snxt.books.fields.isbn', messages: { default: 'snxt.books.errors.isbn' }, span: 4 },
  {
    name: 'description',
    labelKey: 'snxt.books.fields.description',
    messages: { default: 'snxt.books.errors.descriptionTooLong' },
    multiline: true,
  },
];
