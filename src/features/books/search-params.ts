const SORTS = ['title', 'author', 'year'] as const;
const ORDERS = ['asc', 'desc'] as const;
const MAX_QUERY_LENGTH = 200;
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 10;
// Numbers as JSON writes them: the router parses `?page=1e3` to 1000, so the text "1e3" reads the same.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export interface BooksSearch {
  q?: string;
  sort: (typeof SORTS)[number];
  order: (typeof ORDERS)[number];
  page: number;
  pageSize: number;
}

/** What a URL without these parameters means; links leave them out. */
const BOOKS_SEARCH_DEFAULTS = { sort: 'title', order: 'asc', page: 1, pageSize: DEFAULT_PAGE_SIZE } as const;

const ownValue = (raw: object, key: string): unknown =>
  typeof raw === 'object' && raw !== null && Object.hasOwn(raw, key)
    ? (raw as Record<string, unknown>)[key]
    : undefined;

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.find((candidate) => candidate === value) ?? fallback;

function query(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'boolean' && !Number.isFinite(value)) return undefined;
  let text = String(value).trim().slice(0, MAX_QUERY_LENGTH);
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  text = text.trim();
  return text === '' ? undefined : text;
}

function wholeNumber(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof number !== 'number' || Number.isNaN(number)) return fallback;
  return Math.min(Math.max(Math.floor(number), min), max);
}

export function validateBooksSearch(raw: object): BooksSearch {
  const q = query(ownValue(raw, 'q'));
  return {
    ...(q === undefined ? {} : { q }),
    sort: oneOf(SORTS, ownValue(raw, 'sort'), BOOKS_SEARCH_DEFAULTS.sort),
    order: oneOf(ORDERS, ownValue(raw, 'order'), BOOKS_SEARCH_DEFAULTS.order),
    page: wholeNumber(ownValue(raw, 'page'), 1, 1, Number.MAX_SAFE_INTEGER),
    pageSize: wholeNumber(ownValue(raw, 'pageSize'), DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
  };
}

/** What a link writes: only what differs from the defaults, so the first page by title is plain `/books`. */
export function withoutDefaults({ q, sort, order, page, pageSize }: BooksSearch): Partial<BooksSearch> {
  const defaults = BOOKS_SEARCH_DEFAULTS;
  return {
    ...(q === undefined ? {} : { q }),
    ...(sort === defaults.sort ? {} : { sort }),
    ...(order === defaults.order ? {} : { order }),
    ...(page === defaults.page ? {} : { page }),
    ...(pageSize === defaults.pageSize ? {} : { pageSize }),
  };
}
