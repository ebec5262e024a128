import { notFound } from '@tanstack/react-router';
import { bookListQuery, bookQuery, booksQueryClient } from './book-queries';
import { BooksApiError, type VersionedBook } from './books-api';
import type { BooksSearchInput } from './route-search';
import { validateBooksSearch } from './search-params';

/** Starts the page's fetch and renders at once: placeholder rows, or the last page's rows, hold the layout. */
export function prefetchBookList(input: BooksSearchInput): void {
  void booksQueryClient().prefetchQuery(bookListQuery(validateBooksSearch(input)));
}

/** The book, fetched or from the cache, before its page renders (on hover or focus of a link to it, ahead). */
export async function loadBook(id: string): Promise<VersionedBook> {
  const client = booksQueryClient();
  const { queryKey } = bookQuery(id);
  try {
    const loaded = await client.ensureQueryData(bookQuery(id));
    // The route's data follows the cache, so a saved title retitles the page as soon as the router looks again.
    return {
      get book() {
        return client.getQueryData(queryKey)?.book ?? loaded.book;
      },
      get etag() {
        return client.getQueryData(queryKey)?.etag ?? loaded.etag;
      },
    };
  } catch (error) {
    if (error instanceof BooksApiError && error.failure === 'notFound') throw notFound();
    throw error;
  }
}
