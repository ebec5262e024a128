import { createFileRoute } from '@tanstack/react-router';
import { NewBookPage } from '../../features/books';

export const Route = createFileRoute('/books/new')({
  staticData: { titleKey: 'snxt.books.newBook', requiresAuth: true },
  component: NewBookPage,
});
