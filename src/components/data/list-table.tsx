import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t';
import type { ListSearch } from '../../lib/resources/list-search';
import type { Column } from '../../lib/resources/resource';
import { SvgIcon } from '../ui/svg-icons';
import { useColumnText } from './column-text';

// Drawn, not text: a font of the stack may lack ↕ ↑ ↓ (Noto Sans does), and then another font draws them.
const SORT_ICONS = {
  none: 'M12 5.83 15.17 9l1.41-1.41L12 3 7.41 7.59 8.83 9 12 5.83zm0 12.34L8.83 15l-1.41 1.41L12 21l4.59-4.59L15.17 15 12 18.17z',
  asc: 'M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z',
  desc: 'M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z',
} as const;

// Fits a phone at the default size; larger text widens it to scroll, so names wrap between words.
const cell = 'px-2 py-3 align-top sm:px-4';
const checkbox = 'h-5 w-5 cursor-pointer accent-primary';
const selectCell = 'px-2 py-3 align-top sm:px-4';

interface ListTableProps<T extends { id: string; title: string }> {
  columns: readonly Column<T>[];
  records: readonly T[] | undefined;
  recordPath: (id: string) => string;
  search: ListSearch;
  busy: boolean;
  onSort: (sort: string) => void;
  selection?: { selected: ReadonlySet<string>; toggle: (id: string) => void; toggleAll: () => void };
}

function SelectAll({ checked, mixed, onChange }: { checked: boolean; mixed: boolean; onChange: () => void }) {
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={checkbox}
      checked={checked}
      onChange={onChange}
      aria-label={t('snxt.data.selectAll')}
    />
  );
}

/** Placeholder rows are a line's height, so the rows that replace them move nothing. */
export function ListTable<T extends { id: string; title: string }>(props: ListTableProps<T>) {
  const { columns, records, recordPath, search, busy, onSort, selection } = props;
  const t = useT();
  const text = useColumnText<T>();
  const onPage = records?.filter((record) => selection?.selected.has(record.id)).length ?? 0;
  const allOnPage = records !== undefined && records.length > 0 && onPage === records.length;
  return (
    <table
      className="w-full min-w-[calc(36em-150px)] table-fixed border-collapse text-sm text-text sm:text-base"
      aria-busy={busy}
    >
      <colgroup>
        {selection && <col className="w-9 sm:w-12" />}
        {columns.map((column) => (
          <col key={column.key} className={column.width} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {selection && (
            <th scope="col" className="px-2 py-1 text-start sm:px-4">
              <SelectAll checked={allOnPage} mixed={onPage > 0 && !allOnPage} onChange={selection.toggleAll} />
            </th>
          )}
          {columns.map((column) => {
            const active = search.sort === column.key;
            return (
              <th
                key={column.key}
                scope="col"
                aria-sort={active ? (search.order === 'asc' ? 'ascending' : 'descending') : undefined}
                className="py-1 text-start sm:px-2"
              >
                {column.sortable ? (
                  <button
                    type="button"
                    onClick={() => onSort(column.key)}
                    className="inline-flex items-center gap-2 rounded-md px-2 py-2 font-semibold text-text hover:bg-surface-raised"
                  >
                    {t(column.labelKey)}
                    <SvgIcon
                      path={active ? SORT_ICONS[search.order] : SORT_ICONS.none}
                      width="18"
                      height="18"
                      className={active ? 'text-primary' : 'text-muted'}
                    />
                  </button>
                ) : (
                  <span className="inline-block px-2 py-2 font-semibold">{t(column.labelKey)}</span>
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {records
          ? records.map((record) => (
              <tr key={record.id} className="border-t border-border">
                {selection && (
                  <td className={selectCell}>
                    <input
                      type="checkbox"
                      className={checkbox}
                      checked={selection.selected.has(record.id)}
                      onChange={() => selection.toggle(record.id)}
                      aria-label={t('snxt.data.selectRow', { title: record.title })}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`${cell} ${column.kind === 'number' ? 'tabular-nums' : 'break-words'}`}
                  >
                    {column.link ? (
                      <Link
                        to={recordPath(record.id)}
                        className="font-medium break-words text-primary underline-offset-4 hover:underline"
                      >
                        {text(column, record)}
                      </Link>
                    ) : (
                      text(column, record)
                    )}
                  </td>
                ))}
              </tr>
            ))
          : Array.from({ length: search.pageSize }, (_, index) => (
              <tr key={index} className="border-t border-border" aria-hidden="true">
                {[...(selection ? ['select'] : []), ...columns.map((column) => column.key)].map((key) => (
                  <td key={key} className={cell}>
                    <span className="block h-5 w-3/4 animate-pulse rounded bg-surface-raised motion-reduce:animate-none sm:h-6" />
                  </td>
                ))}
              </tr>
            ))}
      </tbody>
    </table>
  );
}
