/**
 * Guards for data whose keys come from outside (storage, tokens): these names reach an object's
 * prototype when used as a property path, so they are never followed or copied.
 */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Compared without case or dashes, so no spelling that is later lower- or camel-cased can become one. */
export function isUnsafeKey(name: string): boolean {
  return UNSAFE_KEYS.has(name.replace(/-/g, '').toLowerCase());
}

/** The record's own value for `key`; inherited ones (a polluted prototype) do not count. */
export function ownValue(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** A shallow plain copy of the record's own enumerable entries without the unsafe keys. */
export function withoutUnsafeKeys(record: object): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!isUnsafeKey(key)) copy[key] = value;
  }
  return copy;
}
