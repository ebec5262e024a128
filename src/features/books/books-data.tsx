import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { booksQueryClient } from './book-queries';

/** The Books pages' query client: it loads with them, never with the first page. */
export function BooksData({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={booksQueryClient()}>{children}</QueryClientProvider>;
}
