import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { usePluralT } from '../../i18n/use-plural-t';
import { useT } from '../../i18n/use-t';
import { reportNotice } from '../../lib/notice-bus';
import type { Resource } from '../../lib/resources/resource';
import { failureOf } from '../../lib/resources/resource-client';
import { offlineNotice } from '../../lib/resources/resource-notices';
import { PageHeading } from '../page-heading';
import { ROUTE_ANIMATED } from '../route-animated';
import { useColumnText } from './column-text';
import { ConfirmDialog } from './confirm-dialog';
import { allMatching, download, recordsCsv } from './csv-export';
import { resourceQueries } from './data-client';
import { deleteRecords, reportFailure } from './data-mutations';
import { ListTable } from './list-table';
import { recordPath } from './record-path';
import { Pagination } from './pagination';
import { secondaryButton } from './record-form';
import { SearchField } from './search-field';
import { useListSearch } from './use-list-search';

const primaryLink =
  'inline-flex h-10 items-center justify-center rounded-lg bg-primary px-4 font-medium text-on-primary hover:opacity-90';
const box = 'rounded-2xl border border-border bg-surface shadow-sm';

function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className={`${box} mt-6 px-4 py-8 text-center`}>
      <p className="text-text">{text}</p>
      <button type="button" className={`${secondaryButton} mt-4`} onClick={onRetry}>
        {t('snxt.data.tryAgain')}
      </button>
    </div>
  );
}

/** Ids chosen on this page of this search: another search, sort or page starts with none. */
function useSelection(scope: string, onPage: readonly string[] | undefined) {
  const [chosen, setChosen] = useState<{ scope: string; ids: ReadonlySet<string> }>({ scope, ids: new Set() });
  const ids = chosen.scope === scope ? chosen.ids : new Set<string>();
  const selected: ReadonlySet<string> = new Set([...ids].filter((id) => onPage?.includes(id)));
  const set = (next: Set<string>) => setChosen({ scope, ids: next });
  return {
    selected,
    toggle: (id: string) =>
      set(new Set(selected.has(id) ? [...selected].filter((kept) => kept !== id) : [...selected, id])),
    toggleAll: () => set(new Set(selected.size === onPage?.length ? [] : onPage)),
    clear: () => set(new Set()),
  };
}

export function ListPage<T extends { id: string; title: string }, F>({ resource }: { resource: Resource<T, F> }) {
  const t = usePluralT();
  const text = useColumnText<T>();
  const { search, go } = useListSearch(resource);
  const { data, error, isFetching, isPlaceholderData, refetch } = useQuery(resourceQueries(resource).list(search));
  // Only once no request is under way: a retry, or Try again, shows the placeholder rows.
  const failure = data === undefined && !isFetching && error ? failureOf(error) : null;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const beyondLastPage = data !== undefined && !isPlaceholderData && data.total > 0 && search.page > lastPage;
  const records = data && !isPlaceholderData ? data.items : data?.items;
  const selection = useSelection(
    JSON.stringify(search),
    records?.map((record) => record.id),
  );
  const [confirming, setConfirming] = useState(false);
  const table = useRef<HTMLDivElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const [exporting, setExporting] = useState(false);
  const mayDelete = resource.canDelete();
  const { texts } = resource;
  const newPath: string = `${resource.path}/new`;

  useEffect(() => {
    if (beyondLastPage) go({ page: lastPage }, true);
  });
  useEffect(() => {
    if (!failure) return undefined;
    const retry = () => void refetch({ cancelRefetch: false });
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failure, refetch]);

  const deleteSelected = () => {
    setConfirming(false);
    if (navigator.onLine === false) return reportNotice(offlineNotice);
    void deleteRecords(resource, [...selection.selected], t, { selection: true });
    selection.clear();
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = recordsCsv(resource.columns, await allMatching(resource, search), t, text);
      download(`${resource.name}.csv`, csv);
    } catch (caught) {
      reportFailure(caught, 'load', resource, t);
    } finally {
      setExporting(false);
    }
  };

  const empty = data && !isPlaceholderData && data.total === 0;
  const count = selection.selected.size;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading className="text-3xl font-bold tracking-tight text-text">{t(texts.title)}</PageHeading>
        <Link to={newPath} className={primaryLink}>
          {t(texts.new)}
        </Link>
      </div>
      <div className={`${ROUTE_ANIMATED} mt-8 flex flex-wrap items-end justify-between gap-4`}>
        <SearchField
          label={t(texts.search)}
          q={search.q ?? ''}
          onSearch={(q) => go({ q: q || undefined, page: 1 }, true)}
        />
        <div className="flex flex-wrap items-center gap-3">
          {mayDelete && count > 0 && (
            <button ref={deleteButton} type="button" className={secondaryButton} onClick={() => setConfirming(true)}>
              {t('snxt.data.deleteSelected', { n: count })}
            </button>
          )}
          <button
            type="button"
            className={`${secondaryButton} disabled:opacity-60`}
            onClick={() => void exportCsv()}
            disabled={exporting || failure !== null}
            aria-busy={exporting}
          >
            {t('snxt.data.exportCsv')}
          </button>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {count > 0 ? t('snxt.data.selectedCount', { n: count }) : ''}
      </p>
      {failure ? (
        <LoadFailed
          text={failure === 'offline' ? t('snxt.data.notices.offline') : t(texts.loadFailed)}
          onRetry={() => void refetch()}
        />
      ) : (
        <div ref={table} className={`${ROUTE_ANIMATED} ${box} mt-6 overflow-x-auto`}>
          <ListTable
            columns={resource.columns}
            records={records}
            recordPath={(id) => recordPath(resource, id)}
            search={search}
            busy={isFetching && (data === undefined || isPlaceholderData)}
            onSort={(sort) =>
              go({ sort, order: search.sort === sort && search.order === 'asc' ? 'desc' : 'asc', page: 1 })
            }
            selection={selection}
          />
          {empty && (
            <div className="border-t border-border px-4 py-8 text-center">
              <p className="text-text">{search.q ? t(texts.noMatch, { q: search.q }) : t(texts.none)}</p>
              {!search.q && (
                <Link to={newPath} className="mt-4 inline-block font-medium text-primary underline underline-offset-4">
                  {t(texts.new)}
                </Link>
              )}
            </div>
          )}
        </div>
      )}
      <Pagination page={search.page} lastPage={lastPage} shown={data !== undefined} onPage={(page) => go({ page })} />
      <ConfirmDialog
        open={confirming}
        title={t(texts.deleteMany, { n: count })}
        description={t('snxt.data.deleteDialog.text')}
        confirmLabel={t('snxt.data.delete')}
        cancelLabel={t('snxt.data.cancel')}
        onConfirm={deleteSelected}
        onCancel={() => setConfirming(false)}
        focusAfter={() =>
          deleteButton.current ?? table.current?.querySelector<HTMLElement>('thead input[type="checkbox"]')
        }
      />
    </div>
  );
}
