import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { BooksListPage, pickBooksSearch, prefetchBookList, type BooksSearchInput } from '../../features/books';

export const Route = createFileRoute('/books/')({
  staticData: { titleKey: 'snxt.books.title', nav: 'main', requiresAuth: true },
  // Links may leave any parameter out; the page and its loader read what a URL holds by the rules.
  validateSearch: (raw: BooksSearchInput & SearchSchemaInput) => pickBooksSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => prefetchBookList(deps),
  // The loader starts the Books chunk's query client: both stay out of the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: BooksListPage,
});
