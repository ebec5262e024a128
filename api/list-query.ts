// A list's query: a parameter given twice or out of its range is a 400 naming it; an empty one is unset.
import { codePoints, type FieldError, type Resource } from './resource.ts';

const LIST_LIMITS = { maxQueryLength: 200, maxPageSize: 100, defaultPageSize: 10 } as const;
const ORDERS = ['asc', 'desc'] as const;

export interface ListQuery {
  readonly q: string;
  readonly sort: string;
  readonly order: (typeof ORDERS)[number];
  readonly page: number;
  readonly pageSize: number;
}

export function listQuery(
  rawQueryString: string,
  resource: Resource,
): { query: ListQuery } | { errors: Record<string, FieldError> } {
  const params = new URLSearchParams(rawQueryString);
  const errors: Record<string, FieldError> = {};
  const one = (name: string) => {
    const values = params.getAll(name);
    if (values.length > 1) errors[name] = 'invalid';
    return values.length === 1 && values[0] !== '' ? values[0] : undefined;
  };
  const choice = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = one(name);
    const found = allowed.find((candidate) => candidate === value);
    if (value !== undefined && found === undefined) errors[name] = 'invalid';
    return found ?? fallback;
  };
  const whole = (name: string, fallback: number, max: number) => {
    const value = one(name);
    if (value === undefined) return fallback;
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    if (Number.isNaN(number)) errors[name] = 'invalid';
    else if (number < 1 || number > max) errors[name] = 'range';
    return number;
  };
  const q = (one('q') ?? '').trim();
  if (codePoints(q) > LIST_LIMITS.maxQueryLength) errors.q = 'tooLong';
  const sorts = Object.keys(resource.sorts);
  const query = {
    q,
    sort: choice('sort', sorts, sorts[0] ?? ''),
    order: choice('order', ORDERS, 'asc'),
    page: whole('page', 1, Number.MAX_SAFE_INTEGER),
    pageSize: whole('pageSize', LIST_LIMITS.defaultPageSize, LIST_LIMITS.maxPageSize),
  };
  return Object.keys(errors).length > 0 ? { errors } : { query };
}
