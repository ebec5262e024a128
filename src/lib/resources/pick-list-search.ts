const KEYS = ['q', 'sort', 'order', 'page', 'pageSize'] as const;

export type ListSearchInput = Partial<Record<(typeof KEYS)[number], string | number | boolean>>;

/** A list route's `validateSearch`, in the first load; the rules (list-search.ts) load with the page. */
export function pickListSearch(raw: object): ListSearchInput {
  const picked: ListSearchInput = {};
  for (const key of KEYS) {
    const value: unknown = Object.hasOwn(raw, key) ? (raw as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') picked[key] = value;
  }
  return picked;
}
