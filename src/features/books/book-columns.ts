import type { Column } from '../../lib/resources/resource';
import type { Book } from './book-schema';

export const BOOK_COLUMNS: readonly Column<Book>[] = [
  { key: 'title', labelKey: 'snxt.books.fields.title', sortable: true, link: true, width: 'w-1/2' },
  { key: 'author', labelKey: 'snxt.books.fields.author', sortable: true, width: 'w-1/3' },
  { key: 'year', labelKey: 'snxt.books.fields.year', sortable: true, kind: 'number', width: 'w-20 sm:w-24' },
];
