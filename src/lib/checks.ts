export type Validator<P> = (payload: unknown) => { ok: true; value: P } | { ok: false; reason: string };

export const valid = <P>(value: P) => ({ ok: true as const, value });
export const rejected = (reason: string) => ({ ok: false as const, reason });

export function oneOf<T extends string>(allowed: readonly T[]): Validator<T> {
  return (payload) =>
    typeof payload === 'string' && (allowed as readonly string[]).includes(payload)
      ? valid(payload as T)
      : rejected(`expected one of ${allowed.join(', ')}, got ${JSON.stringify(payload)}`);
}

export const isBoolean: Validator<boolean> = (payload) =>
  typeof payload === 'boolean' ? valid(payload) : rejected(`expected a boolean, got ${JSON.stringify(payload)}`);

export const isHour: Validator<number> = (payload) =>
  typeof payload === 'number' && Number.isInteger(payload) && payload >= 0 && payload <= 23
    ? valid(payload)
    : rejected(`expected an hour 0–23, got ${JSON.stringify(payload)}`);

export const noPayload: Validator<void> = () => valid(undefined);

/** For a payload the action re-checks itself (stored data that is sanitised field by field). */
export const anyPayload: Validator<unknown> = (payload) => valid(payload);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field by field: one bad stored value never costs the rest, and a polluted prototype supplies none. */
export function checkFields<T extends object>(
  checks: { readonly [K in keyof T]: { check: Validator<T[K]> } },
  stored: unknown,
  defaults: Readonly<T>,
): { value: T; rejected: string[] } {
  const value: T = { ...defaults };
  if (stored === undefined) return { value, rejected: [] };
  if (!isRecord(stored)) return { value, rejected: ['(whole value)'] };
  const rejectedFields: string[] = [];
  for (const name of Object.keys(checks) as (keyof T & string)[]) {
    if (!Object.hasOwn(stored, name)) continue;
    const checked = checks[name].check(stored[name]);
    if (checked.ok) value[name] = checked.value;
    else rejectedFields.push(name);
  }
  return { value, rejected: rejectedFields };
}

/** Non-empty strings within the limits; a hole, another type or one too many refuses the whole list. */
export function stringList({ maxItems, maxLength }: { maxItems: number; maxLength: number }): Validator<string[]> {
  return (payload) => {
    if (!Array.isArray(payload) || payload.length > maxItems) return rejected(`expected at most ${maxItems} strings`);
    const list: string[] = [];
    for (let index = 0; index < payload.length; index += 1) {
      const item: unknown = Object.hasOwn(payload, index) ? payload[index] : undefined;
      if (typeof item !== 'string' || item === '' || item.length > maxLength) {
        return rejected(`expected strings of 1–${maxLength} characters`);
      }
      list.push(item);
    }
    return valid(list);
  };
}
