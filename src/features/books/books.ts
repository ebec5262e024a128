import { resourcePages } from '../../components/data/resource-pages';
import { defineResource } from '../../lib/resources/resource';
import { can } from '../auth';
import { BOOK_COLUMNS } from './book-columns';
import { BOOK_FIELDS } from './book-fields';
import { bookForm, bookRecord, type Book, type BookFields } from './book-schema';
import { BOOK_TEXTS } from './book-texts';

declare const __BOOKS_API_URL__: string | null;

const books = defineResource<Book, BookFields>({
  name: 'books',
  path: '/books',
  url: () => __BOOKS_API_URL__,
  record: bookRecord,
  form: bookForm,
  columns: BOOK_COLUMNS,
  fields: BOOK_FIELDS,
  texts: BOOK_TEXTS,
  canDelete: () => can('books:delete'),
});

export const {
  List: BookList,
  NewPage: NewBookPage,
  EditPage: BookPage,
  NotFound: BookNotFound,
  LoadFailed: BookLoadFailed,
  loadList: loadBooks,
  loadRecord: loadBook,
} = resourcePages(books);
