import { effect } from '@preact/signals-react';
import { keepPreviousData, QueryClient, queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { ListSearchInput } from '../../lib/resources/pick-list-search';
import type { ListSearch } from '../../lib/resources/list-search';
import type { Resource } from '../../lib/resources/resource';
import { ResourceError, type Page, type Versioned } from '../../lib/resources/resource-client';
import { currentSession, type Session } from '../../lib/session-user';

const STALE_MS = 10_000;

// A refusal will not change by asking again; a failed connection or a server error may.
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ResourceError && error.failure !== 'failed');

// One client per session (each unit test starts its own), made when the first data page needs it.
const clients = new WeakMap<Session, QueryClient>();

function createClient(session: Session): QueryClient {
  // Fail at once offline, rather than wait (the default) and save later behind the user's back.
  const client = new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'always', retry: retryOnce, staleTime: STALE_MS },
      mutations: { networkMode: 'always', retry: false },
    },
  });
  let sub = session.peek().user?.sub;
  // Another user, or none: nothing of the last one's data stays, not for a frame.
  effect(() => {
    const next = session.value.user?.sub;
    if (next === sub) return;
    sub = next;
    client.clear();
  });
  return client;
}

export function dataClient(): QueryClient {
  const session = currentSession();
  let client = clients.get(session);
  if (!client) clients.set(session, (client = createClient(session)));
  return client;
}

/** A resource's queries: every key starts with its name and the user, so one user's answers are never another's. */
export function resourceQueries<T extends { id: string; title: string }, F>(resource: Resource<T, F>) {
  const key = () => [resource.name, currentSession().peek().user?.sub ?? null] as const;
  const lists = () => [...key(), 'list'] as const;
  const list = (search: ListSearch) =>
    queryOptions({
      queryKey: [...lists(), search],
      queryFn: ({ signal }): Promise<Page<T>> => resource.client.list(search, signal),
      placeholderData: keepPreviousData,
    });
  const record = (id: string) =>
    queryOptions({
      queryKey: [...key(), 'record', id],
      queryFn: ({ signal }): Promise<Versioned<T>> => resource.client.get(id, signal),
    });
  return { lists, list, record };
}

export function prefetchList<T extends { id: string; title: string }, F>(
  resource: Resource<T, F>,
  input: ListSearchInput,
) {
  void dataClient().prefetchQuery(resourceQueries(resource).list(resource.search.validate(input)));
}

/** A record's route loader; `404` is the route's not-found page. */
export async function loadRecord<T extends { id: string; title: string }, F>(
  resource: Resource<T, F>,
  id: string,
): Promise<Versioned<T>> {
  const client = dataClient();
  const query = resourceQueries(resource).record(id);
  try {
    const loaded = await client.ensureQueryData(query);
    // The route's data follows the cache, so a saved title retitles the page as soon as the router looks again.
    return {
      get record() {
        return client.getQueryData(query.queryKey)?.record ?? loaded.record;
      },
      get etag() {
        return client.getQueryData(query.queryKey)?.etag ?? loaded.etag;
      },
    };
  } catch (error) {
    if (error instanceof ResourceError && error.failure === 'notFound') throw notFound();
    throw error;
  }
}
