import { createFileRoute } from '@tanstack/react-router';
import { NewBookPage } from '../../features/books';

export const Route = createFileRoute('/books/new')({
  staticData: { titleKey: 'snxt.books.new', requiresAuth: true },
  component: NewBookPage,
});
