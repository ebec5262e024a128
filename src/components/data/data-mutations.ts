import { reportError, reportNotice } from '../../lib/notice-bus';
import type { Resource } from '../../lib/resources/resource';
import { ResourceError, type Page, type Versioned } from '../../lib/resources/resource-client';
import { failureNotice, resourceNotice, type Operation } from '../../lib/resources/resource-notices';
import { dataClient, resourceQueries } from './data-client';

type Translate = (key: string, values?: Record<string, string | number>) => string;

// At most this many deletes at a time: a long selection must not flood the API (or its rate limit).
const DELETES_AT_ONCE = 4;

/** An API's failure in its own words; anything else is a fault of the app (logged, the one error notice). */
export function reportFailure(
  error: unknown,
  operation: Operation,
  resource: Pick<Resource, 'name' | 'texts'>,
  t: Translate,
): void {
  if (!(error instanceof ResourceError)) return reportError(error, `${resource.name}: ${operation}`);
  if (error.failure === 'failed') console.warn(`${resource.name}: ${operation} failed`, error);
  reportNotice(failureNotice(error.failure, operation, resource.texts, t));
}

export async function saveRecord<T extends { id: string; title: string }, F>(
  resource: Resource<T, F>,
  fields: F,
  current?: { id: string; etag: string },
): Promise<Versioned<T>> {
  const queries = resourceQueries(resource);
  const saved = current
    ? await resource.client.update(current.id, fields, current.etag)
    : await resource.client.create(fields);
  const client = dataClient();
  client.setQueryData(queries.record(saved.record.id).queryKey, saved);
  void client.invalidateQueries({ queryKey: queries.lists() });
  return saved;
}

async function eachAtMost<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

/** The records leave every cached list at once; one the API refuses comes back, with its failure said. */
export async function deleteRecords<T extends { id: string; title: string }, F>(
  resource: Resource<T, F>,
  ids: readonly string[],
  t: Translate,
  { selection = false } = {},
): Promise<string[]> {
  const client = dataClient();
  const queries = resourceQueries(resource);
  const lists = queries.lists();
  await client.cancelQueries({ queryKey: lists });
  const before = client.getQueriesData<Page<T>>({ queryKey: lists });
  const without = (gone: ReadonlySet<string>) => (page: Page<T> | undefined) => {
    const kept = page?.items.filter((record) => !gone.has(record.id));
    return page && kept && kept.length < page.items.length
      ? { ...page, items: kept, total: page.total - (page.items.length - kept.length) }
      : page;
  };
  client.setQueriesData<Page<T>>({ queryKey: lists }, without(new Set(ids)));

  const deleted: string[] = [];
  await eachAtMost(ids, DELETES_AT_ONCE, async (id) => {
    try {
      await resource.client.remove(id);
      deleted.push(id);
      client.removeQueries({ queryKey: queries.record(id).queryKey });
    } catch (error) {
      reportFailure(error, 'delete', resource, t);
    }
  });
  if (deleted.length < ids.length) {
    const gone = new Set(deleted);
    for (const [key, page] of before) client.setQueryData(key, without(gone)(page));
  }
  void client.invalidateQueries({ queryKey: lists });
  if (!selection && deleted.length === 1) {
    reportNotice(resourceNotice('success', resource.texts.deleted, t(resource.texts.deleted)));
  } else if (deleted.length > 0) {
    const values = { n: deleted.length };
    reportNotice(resourceNotice('success', resource.texts.deletedMany, t(resource.texts.deletedMany, values), values));
  }
  return deleted;
}
