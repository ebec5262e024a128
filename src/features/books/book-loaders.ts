import { notFound } from '@tanstack/react-router';
import { bookListQuery, bookQuery, booksQueryClient } from './book-queries';
import { BooksApiError, type VersionedBook } from './books-api';
import type { BooksSearch } from './search-params';

/** Starts the page's fetch and renders at once: placeholder rows, or the last page's rows, hold the layout. */
export function prefetchBookList(search: BooksSearch): void {
  void booksQueryClient().prefetchQuery(bookListQuery(search));
}

/** The book, fetched or from the cache, before its page renders (on hover or focus of a link to it, ahead). */
export async function loadBook(id: string): Promise<VersionedBook> {
  try {
    return await booksQueryClient().ensureQueryData(bookQuery(id));
  } catch (error) {
    if (error instanceof BooksApiError && error.failure === 'notFound') throw notFound();
    throw error;
  }
}
