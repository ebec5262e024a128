const KEYS = ['q', 'sort', 'order', 'page', 'pageSize'] as const;

export type BooksSearchInput = Partial<Record<(typeof KEYS)[number], string | number | boolean>>;

/** `validateSearch`, in the first load: the list's own plain parameters; the rules (search-params.ts) load later. */
export function pickBooksSearch(raw: object): BooksSearchInput {
  const picked: BooksSearchInput = {};
  for (const key of KEYS) {
    const value: unknown = Object.hasOwn(raw, key) ? (raw as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') picked[key] = value;
  }
  return picked;
}
