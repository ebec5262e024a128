import { createFileRoute } from '@tanstack/react-router';
import { BookLoadFailed, BookNotFound, BookPage, loadBook } from '../../features/books';
import { recordTitle } from '../../lib/resources/record-title';

export const Route = createFileRoute('/books/$id')({
  staticData: { titleKey: 'snxt.books.item', titleFromData: recordTitle, requiresAuth: true },
  loader: ({ params }) => loadBook(params.id),
  codeSplitGroupings: [['loader', 'component', 'notFoundComponent', 'errorComponent']],
  component: BookPage,
  notFoundComponent: BookNotFound,
  errorComponent: BookLoadFailed,
});
