const KEYS = ['q', 'sort', 'order', 'page', 'pageSize'] as const;

/** The list's parameters as the URL gives them; `validateBooksSearch` reads them by the rules. */
export type BooksSearchInput = Partial<Record<(typeof KEYS)[number], string | number | boolean>>;

/**
 * The route's `validateSearch`, which the first load holds, so it only keeps the list's own parameters with a plain
 * value; their rules (`search-params.ts`) load with the page and its loader.
 */
export function pickBooksSearch(raw: object): BooksSearchInput {
  const picked: BooksSearchInput = {};
  for (const key of KEYS) {
    const value: unknown = Object.hasOwn(raw, key) ? (raw as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') picked[key] = value;
  }
  return picked;
}
