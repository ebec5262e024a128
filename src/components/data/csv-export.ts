import { toCsv } from '../../lib/resources/csv';
import { MAX_PAGE_SIZE, type ListSearch } from '../../lib/resources/list-search';
import type { Column, Resource } from '../../lib/resources/resource';

const MAX_EXPORT_ROWS = 10_000;

/** Every record the search matches, in its order, fetched a page at a time: at most MAX_EXPORT_ROWS. */
export async function allMatching<T extends { id: string; title: string }, F>(
  resource: Resource<T, F>,
  { q, sort, order }: ListSearch,
): Promise<T[]> {
  const records: T[] = [];
  for (let page = 1; records.length < MAX_EXPORT_ROWS; page += 1) {
    const answer = await resource.client.list({ q, sort, order, page, pageSize: MAX_PAGE_SIZE });
    records.push(...answer.items);
    if (answer.items.length === 0 || page * MAX_PAGE_SIZE >= answer.total) break;
  }
  return records.slice(0, MAX_EXPORT_ROWS);
}

export function recordsCsv<T>(
  columns: readonly Column<T>[],
  records: readonly T[],
  label: (key: string) => string,
  text: (column: Column<T>, record: T) => string,
): string {
  return toCsv([
    columns.map((column) => label(column.labelKey)),
    ...records.map((record) => columns.map((column) => text(column, record))),
  ]);
}

export function download(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url));
}
