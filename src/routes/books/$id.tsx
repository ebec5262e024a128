import { createFileRoute } from '@tanstack/react-router';
import { BookLoadFailed, BookNotFound, BookPage, bookTitle, loadBook } from '../../features/books';

export const Route = createFileRoute('/books/$id')({
  staticData: { titleKey: 'snxt.books.book', titleFromData: bookTitle, requiresAuth: true },
  loader: ({ params }) => loadBook(params.id),
  codeSplitGroupings: [['loader', 'component', 'notFoundComponent', 'errorComponent']],
  component: BookPage,
  notFoundComponent: BookNotFound,
  errorComponent: BookLoadFailed,
});
