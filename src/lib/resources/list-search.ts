const ORDERS = ['asc', 'desc'] as const;
const MAX_QUERY_LENGTH = 200;
export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 10;
// Numbers as JSON writes them: the router parses `?page=1e3` to 1000, so the text "1e3" reads the same.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export interface ListSearch {
  q?: string;
  sort: string;
  order: (typeof ORDERS)[number];
  page: number;
  pageSize: number;
}

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

/** A list's search from its URL: values it cannot use fall back to the defaults or the nearest allowed value. */
export function listSearchRules(sorts: readonly [string, ...string[]]) {
  const defaults = { sort: sorts[0], order: 'asc', page: 1, pageSize: DEFAULT_PAGE_SIZE } as const;
  return {
    validate(raw: object): ListSearch {
      const q = query(ownValue(raw, 'q'));
      return {
        ...(q === undefined ? {} : { q }),
        sort: oneOf(sorts, ownValue(raw, 'sort'), defaults.sort),
        order: oneOf(ORDERS, ownValue(raw, 'order'), defaults.order),
        page: wholeNumber(ownValue(raw, 'page'), 1, 1, Number.MAX_SAFE_INTEGER),
        pageSize: wholeNumber(ownValue(raw, 'pageSize'), DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
      };
    },
    /** What a link writes: only what differs from the defaults, so the first page in the first order is the bare path. */
    withoutDefaults({ q, sort, order, page, pageSize }: ListSearch): Partial<ListSearch> {
      return {
        ...(q === undefined ? {} : { q }),
        ...(sort === defaults.sort ? {} : { sort }),
        ...(order === defaults.order ? {} : { order }),
        ...(page === defaults.page ? {} : { page }),
        ...(pageSize === defaults.pageSize ? {} : { pageSize }),
      };
    },
  };
}
