import type { QueryClient } from '@tanstack/react-query';
import { reportNotice } from '../../lib/notice-bus';
import { bookQuery, booksKey } from './book-queries';
import { createBook, deleteBook, updateBook, type BookFields, type BookPage, type VersionedBook } from './books-api';
import { bookDeletedNotice, reportBooksFailure } from './books-notices';

const listsKey = () => [...booksKey(), 'list'];

/** Creates (no id) or replaces the version `etag` names; the cache gets the saved version, the lists refetch. */
export async function saveBook(
  client: QueryClient,
  fields: BookFields,
  current?: { id: string; etag: string },
): Promise<VersionedBook> {
  const saved = current ? await updateBook(current.id, fields, current.etag) : await createBook(fields);
  client.setQueryData(bookQuery(saved.book.id).queryKey, saved);
  void client.invalidateQueries({ queryKey: listsKey() });
  return saved;
}

/** The book leaves every cached list at once; if the API refuses, the lists are put back as they were. */
export async function deleteBookEverywhere(client: QueryClient, id: string): Promise<boolean> {
  const key = listsKey();
  await client.cancelQueries({ queryKey: key });
  const before = client.getQueriesData<BookPage>({ queryKey: key });
  client.setQueriesData<BookPage>({ queryKey: key }, (page) =>
    page?.items.some((book) => book.id === id)
      ? { ...page, items: page.items.filter((book) => book.id !== id), total: page.total - 1 }
      : page,
  );
  try {
    await deleteBook(id);
    client.removeQueries({ queryKey: bookQuery(id).queryKey });
    reportNotice(bookDeletedNotice);
    return true;
  } catch (error) {
    for (const [listKey, page] of before) client.setQueryData(listKey, page);
    reportBooksFailure(error, 'delete');
    return false;
  } finally {
    void client.invalidateQueries({ queryKey: key });
  }
}
