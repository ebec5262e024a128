import type { z } from 'zod';
import type { ErrorCode } from './field-errors';
import { listSearchRules } from './list-search';
import { createResourceClient } from './resource-client';

/** A resource's own texts: keys written out in full, so a search finds them. */
export interface ResourceTexts {
  title: string;
  item: string;
  search: string;
  none: string;
  noMatch: string;
  new: string;
  saved: string;
  deleted: string;
  changedElsewhere: string;
  deletedElsewhere: string;
  loadFailed: string;
  deleteMany: string;
  deletedMany: string;
  notFound: string;
  notFoundText: string;
  backToList: string;
}

/** A column of the list: the record's value, its header, and how it shows. */
export interface Column<T> {
  key: keyof T & string;
  labelKey: string;
  sortable?: boolean;
  link?: boolean;
  kind?: 'text' | 'number' | 'date';
  width?: string;
}

/** A field of the form: its label, and the message key for each error code (`default` for any other). */
export interface Field {
  name: string;
  labelKey: string;
  messages: Partial<Record<ErrorCode, string>> & { default: string };
  values?: (today: Date) => Record<string, string>;
  multiline?: boolean;
  span?: 2 | 3 | 4 | 6;
  numeric?: boolean;
}

interface ResourceOptions<T extends { id: string; title: string }, F> {
  /** `notes`: the cache's keys and the CSV file's name. */
  name: string;
  /** The list's; a record's is `{path}/$id`, a new one's `{path}/new`. */
  path: string;
  url: () => string | null | undefined;
  record: z.ZodType<T>;
  /** The form's text to the API's fields; a broken rule's message is its error code. */
  form: (today: Date) => z.ZodType<F, Record<string, string>>;
  columns: readonly Column<T>[];
  fields: readonly Field[];
  texts: ResourceTexts;
  canDelete: () => boolean;
}

/** Everything the data kit needs to show a resource: a list, a form, and the calls behind them. */
export function defineResource<T extends { id: string; title: string }, F>(options: ResourceOptions<T, F>) {
  const sorts = options.columns.filter((column) => column.sortable).map((column) => column.key);
  const [first, ...rest] = sorts;
  if (first === undefined) throw new Error(`${options.name}: at least one column must be sortable`);
  return {
    ...options,
    formValues: (record?: T): Record<string, string> =>
      Object.fromEntries(options.fields.map(({ name }) => [name, String(record?.[name as keyof T] ?? '')])),
    client: createResourceClient<T, F>({
      url: options.url,
      record: options.record,
      fields: options.fields.map((field) => field.name),
    }),
    search: listSearchRules([first, ...rest]),
  };
}

export type Resource<T extends { id: string; title: string } = { id: string; title: string }, F = unknown> = ReturnType<
  typeof defineResource<T, F>
>;
