import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { BookList, loadBooks } from '../../features/books';
import { pickListSearch, type ListSearchInput } from '../../lib/resources/pick-list-search';

export const Route = createFileRoute('/books/')({
  staticData: { titleKey: 'snxt.books.title', nav: 'main', requiresAuth: true },
  // Links may leave any parameter out; the page and its loader read what a URL holds by the rules.
  validateSearch: (raw: ListSearchInput & SearchSchemaInput) => pickListSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => loadBooks(deps),
  // The loader starts the data kit's query client: both stay out of the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: BookList,
});
