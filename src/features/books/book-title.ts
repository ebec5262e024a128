import type { VersionedBook } from './books-api';

/** The page title and the breadcrumb of a book's page: its title (the route's metadata, so in the first load). */
export const bookTitle = (data: unknown): string | undefined =>
  (data as Partial<VersionedBook> | undefined)?.book?.title;
