// A resource's rules: its fields (checked here whatever the app checked), its sorts and what `q` searches.

export type FieldError = 'required' | 'tooLong' | 'range' | 'invalid';
type Checked = { value: unknown } | { error: FieldError };
/** @public A resource's own rule for a field (a year, an ISBN), beside requiredText and optionalText. */
export type FieldRule = (value: unknown, context: { now: number }) => Checked;
export type Fields = Record<string, unknown>;

export interface Resource {
  readonly fields: Readonly<Record<string, FieldRule>>;
  /** Each sort's fields, compared in turn (the first one by the order asked); the first sort is the default. */
  readonly sorts: Readonly<Record<string, readonly string[]>>;
  readonly search: readonly string[];
}

/** @public A resource's own rules (docs/api.md, Add a field). */
export const defineResource = (resource: Resource): Resource => {
  if (Object.keys(resource.sorts).length === 0) throw new Error('A resource needs at least one sort');
  return resource;
};

/** Characters as people count them (and as zod counts them): code points, so an emoji is one. */
export const codePoints = (text: string) => [...text].length;

/** @public Trimmed text of 1 to `max` characters. */
export const requiredText =
  (max: number): FieldRule =>
  (value) => {
    if (value === undefined || value === null) return { error: 'required' };
    if (typeof value !== 'string') return { error: 'invalid' };
    const trimmed = value.trim();
    if (trimmed === '') return { error: 'required' };
    return codePoints(trimmed) > max ? { error: 'tooLong' } : { value: trimmed };
  };

/** @public Trimmed text of at most `max` characters; none is empty. */
export const optionalText =
  (max: number): FieldRule =>
  (value) => {
    if (value === undefined || value === null) return { value: '' };
    if (typeof value !== 'string') return { error: 'invalid' };
    const trimmed = value.trim();
    return codePoints(trimmed) > max ? { error: 'tooLong' } : { value: trimmed };
  };

/** @public The resource every `npm run new -- resource` starts with: a title and a description, by title or date. */
export const titledResource = () =>
  defineResource({
    fields: { title: requiredText(200), description: optionalText(2000) },
    sorts: { title: ['title'], updatedAt: ['updatedAt', 'title'] },
    search: ['title'],
  });

/** A body's own properties only (`__proto__` supplies nothing); fields the resource does not have are ignored. */
export function checkFields(
  resource: Resource,
  body: Readonly<Record<string, unknown>>,
  now: number,
): { fields: Fields } | { errors: Record<string, FieldError> } {
  const fields: Fields = {};
  const errors: Record<string, FieldError> = {};
  for (const [name, rule] of Object.entries(resource.fields)) {
    const checked = rule(Object.hasOwn(body, name) ? body[name] : undefined, { now });
    if ('error' in checked) errors[name] = checked.error;
    else fields[name] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { fields };
}

const collator = new Intl.Collator('en', { numeric: true });
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

type Item = { readonly id: string } & Fields;

/** Sorted by the sort's fields, the first in the order asked, then by id, so equal keys keep one order either way. */
export function sortItems<T extends Item>(items: T[], sortFields: readonly string[], order: 'asc' | 'desc'): T[] {
  const direction = order === 'desc' ? -1 : 1;
  const [first = 'id', ...rest] = sortFields;
  return items.sort((a, b) => {
    const primary = direction * compareValues(a[first], b[first]);
    if (primary !== 0) return primary;
    for (const field of rest) {
      const next = compareValues(a[field], b[field]);
      if (next !== 0) return next;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

export function matching<T extends Item>(items: readonly T[], fields: readonly string[], q: string): T[] {
  const needle = folded(q);
  if (needle === '') return [...items];
  return items.filter((item) => fields.some((field) => folded(String(item[field] ?? '')).includes(needle)));
}
