// Keys from outside (storage, tokens) that would reach a prototype as a property path are never followed or copied.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// Without case or dashes: no spelling that is later lower- or camel-cased can become one.
export function isUnsafeKey(name: string): boolean {
  return UNSAFE_KEYS.has(name.replace(/-/g, '').toLowerCase());
}

export function ownValue(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

export function withoutUnsafeKeys(record: object): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!isUnsafeKey(key)) copy[key] = value;
  }
  return copy;
}
