import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { PageHeading } from '../../components/page-heading';
import { SvgIcon } from '../../components/ui/svg-icons';
import { ROUTE_ANIMATED } from '../../components/route-animated';
import { useT } from '../../i18n/use-t';
import { bookListQuery } from './book-queries';
import type { Book } from './books-api';
import { BooksData } from './books-data';
import { failureOf } from './books-notices';
import { validateBooksSearch, withoutDefaults, type BooksSearch } from './search-params';

const SEARCH_PAUSE_MS = 300;
type Sort = BooksSearch['sort'];
const COLUMNS: readonly { sort: Sort; labelKey: string }[] = [
  { sort: 'title', labelKey: 'snxt.books.fields.title' },
  { sort: 'author', labelKey: 'snxt.books.fields.author' },
  { sort: 'year', labelKey: 'snxt.books.fields.year' },
];

// Drawn, not text: a font of the stack may lack ↕ ↑ ↓ (Noto Sans does), and then another font draws them.
const SORT_ICONS = {
  none: 'M12 5.83 15.17 9l1.41-1.41L12 3 7.41 7.59 8.83 9 12 5.83zm0 12.34L8.83 15l-1.41 1.41L12 21l4.59-4.59L15.17 15 12 18.17z',
  asc: 'M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z',
  desc: 'M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z',
} as const;

const newBookLink =
  'inline-flex h-10 items-center justify-center rounded-lg bg-primary px-4 font-medium text-on-primary hover:opacity-90';
const pageButton =
  'inline-flex h-10 items-center justify-center rounded-lg border border-border bg-surface px-3 font-medium text-text hover:bg-surface-raised disabled:cursor-not-allowed disabled:opacity-50';

const sameText = (a: object, b: object) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => Object.hasOwn(b, key) && String(value) === String(b[key as keyof object]));

function useBooksSearch() {
  const raw = useSearch({ strict: false });
  const search = validateBooksSearch(raw);
  const navigate = useNavigate();
  const go = (next: Partial<BooksSearch>, replace = false) =>
    void navigate({ to: '/books', search: withoutDefaults({ ...search, ...next }), replace });
  const understood = sameText(raw, withoutDefaults(search));
  useEffect(() => {
    if (!understood) go({}, true);
  });
  return { search, go };
}

/** Types into `?q=` once typing pauses, back on page 1; follows `q` when the URL changes it (back, forward). */
function SearchField({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(q);
  const sent = useRef(q);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (q !== sent.current) setText(q);
    sent.current = q;
  }, [q]);
  useEffect(() => {
    if (text.trim() === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      latest.current(text.trim());
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="w-full sm:max-w-xs">
      <label htmlFor={id} className="mb-1 block font-medium text-text">
        {t('snxt.books.search')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        className="block h-10 w-full rounded-lg border border-border bg-surface px-3 text-text shadow-sm hover:border-muted"
      />
    </div>
  );
}

// Phones get smaller text and padding, and larger text a wider table to scroll, so names wrap between words.
const cell = 'px-3 py-3 align-top sm:px-4';

function BookRow({ book }: { book: Book }) {
  return (
    <tr className="border-t border-border">
      <td className={cell}>
        <Link
          to="/books/$id"
          params={{ id: book.id }}
          className="font-medium break-words text-primary underline-offset-4 hover:underline"
        >
          {book.title}
        </Link>
      </td>
      <td className={`${cell} break-words`}>{book.author}</td>
      <td className={`${cell} tabular-nums`}>{String(book.year)}</td>
    </tr>
  );
}

// Each placeholder is a line of text's height, so the rows that replace them do not move anything.
function PlaceholderRow() {
  return (
    <tr className="border-t border-border" aria-hidden="true">
      {COLUMNS.map((column) => (
        <td key={column.sort} className={cell}>
          <span className="block h-5 w-3/4 animate-pulse sm:h-6 rounded bg-surface-raised motion-reduce:animate-none" />
        </td>
      ))}
    </tr>
  );
}

function SortHeader({
  column,
  search,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  search: BooksSearch;
  onSort: () => void;
}) {
  const t = useT();
  const active = search.sort === column.sort;
  const arrow = !active ? SORT_ICONS.none : SORT_ICONS[search.order];
  return (
    <th
      scope="col"
      aria-sort={active ? (search.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className="px-1 py-1 text-start sm:px-2"
    >
      <button
        type="button"
        onClick={onSort}
        className="inline-flex items-center gap-2 rounded-md px-2 py-2 font-semibold text-text hover:bg-surface-raised"
      >
        {t(column.labelKey)}
        <SvgIcon path={arrow} width="18" height="18" className={active ? 'text-primary' : 'text-muted'} />
      </button>
    </th>
  );
}

function LoadFailed({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="mt-6 rounded-2xl border border-border bg-surface px-4 py-8 text-center shadow-sm">
      <p className="text-text">{offline ? t('snxt.books.notices.offline') : t('snxt.books.loadFailed')}</p>
      <button type="button" className={`${pageButton} mt-4`} onClick={onRetry}>
        {t('snxt.data.tryAgain')}
      </button>
    </div>
  );
}

function BooksList() {
  const t = useT();
  const { search, go } = useBooksSearch();
  const { data, error, isFetching, isPlaceholderData, refetch } = useQuery(bookListQuery(search));
  // Only once no request is under way: a retry, or Try again, shows the placeholder rows.
  const failure = data === undefined && !isFetching && error ? failureOf(error) : null;
  useEffect(() => {
    if (!failure) return undefined;
    const retry = () => void refetch({ cancelRefetch: false });
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failure, refetch]);
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const beyondLastPage = data !== undefined && !isPlaceholderData && data.total > 0 && search.page > lastPage;
  useEffect(() => {
    if (beyondLastPage) go({ page: lastPage }, true);
  });

  const sortBy = (sort: Sort) =>
    go({ sort, order: search.sort === sort && search.order === 'asc' ? 'desc' : 'asc', page: 1 });
  const empty = data && !isPlaceholderData && data.total === 0;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading className="text-3xl font-bold tracking-tight text-text">{t('snxt.books.title')}</PageHeading>
        <Link to="/books/new" className={newBookLink}>
          {t('snxt.books.newBook')}
        </Link>
      </div>
      <div className={`${ROUTE_ANIMATED} mt-8`}>
        <SearchField q={search.q ?? ''} onSearch={(q) => go({ q: q || undefined, page: 1 }, true)} />
      </div>
      {failure ? (
        <LoadFailed offline={failure === 'offline'} onRetry={() => void refetch()} />
      ) : (
        <div className={`${ROUTE_ANIMATED} mt-6 overflow-x-auto rounded-2xl border border-border bg-surface shadow-sm`}>
          <table
            className="w-full min-w-[25em] table-fixed border-collapse text-sm text-text sm:text-base"
            aria-busy={isFetching && (data === undefined || isPlaceholderData)}
          >
            <colgroup>
              <col className="w-1/2" />
              <col className="w-1/3" />
              <col className="w-20 sm:w-24" />
            </colgroup>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <SortHeader key={column.sort} column={column} search={search} onSort={() => sortBy(column.sort)} />
                ))}
              </tr>
            </thead>
            <tbody>
              {data
                ? data.items.map((book) => <BookRow key={book.id} book={book} />)
                : Array.from({ length: search.pageSize }, (_, index) => <PlaceholderRow key={index} />)}
            </tbody>
          </table>
          {empty && (
            <div className="border-t border-border px-4 py-8 text-center">
              <p className="text-text">{search.q ? t('snxt.books.noMatch', { q: search.q }) : t('snxt.books.none')}</p>
              {!search.q && (
                <Link
                  to="/books/new"
                  className="mt-4 inline-block font-medium text-primary underline underline-offset-4"
                >
                  {t('snxt.books.newBook')}
                </Link>
              )}
            </div>
          )}
        </div>
      )}
      {/* Until the first page arrives its place is kept but not shown: rows that wrap on a phone move it. */}
      <nav
        aria-label={t('snxt.books.pagination')}
        className={`${ROUTE_ANIMATED} mt-6 flex items-center justify-between gap-4 ${data ? '' : 'invisible'}`}
      >
        <button
          type="button"
          className={pageButton}
          disabled={search.page <= 1}
          onClick={() => go({ page: search.page - 1 })}
        >
          {t('snxt.books.previousPage')}
        </button>
        <p className="text-sm text-muted tabular-nums">
          {t('snxt.books.pageOf', { n: String(search.page), m: String(lastPage) })}
        </p>
        <button
          type="button"
          className={pageButton}
          disabled={!data || search.page >= lastPage}
          onClick={() => go({ page: search.page + 1 })}
        >
          {t('snxt.books.nextPage')}
        </button>
      </nav>
    </div>
  );
}

export function BooksListPage() {
  return (
    <BooksData>
      <BooksList />
    </BooksData>
  );
}
