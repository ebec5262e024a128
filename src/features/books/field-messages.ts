import { BOOK_LIMITS, type BookErrorCode, type BookField } from './book-rules';

export const BOOK_FIELD_ORDER: readonly BookField[] = ['title', 'author', 'year', 'isbn', 'description'];

export const FIELD_LABEL_KEYS: Record<BookField, string> = {
  title: 'snxt.books.fields.title',
  author: 'snxt.books.fields.author',
  year: 'snxt.books.fields.year',
  isbn: 'snxt.books.fields.isbn',
  description: 'snxt.books.fields.description',
};

const TEXT_MESSAGES = {
  title: { empty: 'snxt.books.errors.titleRequired', long: 'snxt.books.errors.titleTooLong' },
  author: { empty: 'snxt.books.errors.authorRequired', long: 'snxt.books.errors.authorTooLong' },
} as const;

// Years as text: a number would be formatted with grouping (1,450).
/** The message key of a field's error and its values; an unknown code reads as the field's main rule. */
export function fieldMessage(field: BookField, code: BookErrorCode | string, today: Date) {
  switch (field) {
    case 'title':
    case 'author':
      return { key: TEXT_MESSAGES[field][code === 'tooLong' ? 'long' : 'empty'] };
    case 'year':
      return {
        key: 'snxt.books.errors.year',
        values: { first: String(BOOK_LIMITS.firstYear), last: String(today.getFullYear()) },
      };

    case 'isbn':
      return { key: 'snxt.books.errors.isbn' };
    case 'description':
      return { key: 'snxt.books.errors.descriptionTooLong' };
  }
}
