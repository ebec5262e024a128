import { effect } from '@preact/signals-react';
import { keepPreviousData, QueryClient, queryOptions } from '@tanstack/react-query';
import { auth, type AuthModel } from '../auth';
import { BooksApiError, getBook, listBooks } from './books-api';
import type { BooksSearch } from './search-params';

const STALE_MS = 10_000;

// One client per running app (each unit test starts its own), made when the Books chunk first needs it.
const clients = new WeakMap<AuthModel, QueryClient>();

// A refusal will not change by asking again; a failed connection or a server error may.
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof BooksApiError && error.failure !== 'failed');

function createClient(model: AuthModel): QueryClient {
  // Fail at once offline, rather than wait (the default) and save later behind the user's back.
  const client = new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'always', retry: retryOnce, staleTime: STALE_MS },
      mutations: { networkMode: 'always', retry: false },
    },
  });
  let sub = model.state.peek().user?.sub;
  // Another user, or none: nothing of the last one's books stays, not for a frame.
  effect(() => {
    const next = model.state.value.user?.sub;
    if (next === sub) return;
    sub = next;
    client.clear();
  });
  return client;
}

export function booksQueryClient(): QueryClient {
  const model = auth();
  let client = clients.get(model);
  if (!client) clients.set(model, (client = createClient(model)));
  return client;
}

/** Every key starts with the user, so one user's answers can never be another's. */
export const booksKey = () => ['books', auth().state.peek().user?.sub ?? null] as const;

export const bookListQuery = (search: BooksSearch) =>
  queryOptions({
    queryKey: [...booksKey(), 'list', search],
    queryFn: ({ signal }) => listBooks(search, signal),
    placeholderData: keepPreviousData,
  });

export const bookQuery = (id: string) =>
  queryOptions({
    queryKey: [...booksKey(), 'book', id],
    queryFn: ({ signal }) => getBook(id, signal),
  });
