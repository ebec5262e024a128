import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import {
  BOOKS_SEARCH_DEFAULTS,
  BooksListPage,
  prefetchBookList,
  validateBooksSearch,
  type BooksSearch,
} from '../../features/books';

export const Route = createFileRoute('/books/')({
  staticData: { titleKey: 'snxt.books.title', nav: 'main', requiresAuth: true },
  // Links may leave any parameter out; whatever a URL holds is checked.
  validateSearch: (raw: Partial<BooksSearch> & SearchSchemaInput) => validateBooksSearch(raw),
  search: { middlewares: [stripSearchParams(BOOKS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => prefetchBookList(deps),
  // The loader starts the Books chunk's query client: both stay out of the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: BooksListPage,
});
