import { STORAGE_PREFIX } from '../config/constants';
import { reportError, reportNotice } from './report';

/** The part of the Web Storage API the app uses; an in-memory map stands in when storage fails. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export const STORAGE_SELF_TEST_ERROR = 'localStorage did not return expected value';
const SELF_TEST_KEY = `${STORAGE_PREFIX}SELF-TEST`;

export function createMemoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

/** Writes, reads back and removes a value; throws when storage does not keep what it was given. */
export function selfTest(storage: KeyValueStorage): void {
  const expected = String(Date.now());
  storage.setItem(SELF_TEST_KEY, expected);
  const actual = storage.getItem(SELF_TEST_KEY);
  storage.removeItem(SELF_TEST_KEY);
  if (actual !== expected) throw new Error(STORAGE_SELF_TEST_ERROR);
}

export interface OpenedStorage {
  storage: KeyValueStorage;
  persistent: boolean;
}

/**
 * Returns localStorage when it works. Otherwise the app runs in memory and says so once:
 * a self-test mismatch is an error (SPEC §8); storage that is missing or refuses access is a notice.
 */
export function openStorage(getBrowserStorage: () => KeyValueStorage = () => window.localStorage): OpenedStorage {
  try {
    const storage = getBrowserStorage();
    selfTest(storage);
    return { storage, persistent: true };
  } catch (error) {
    if (error instanceof Error && error.message === STORAGE_SELF_TEST_ERROR) {
      reportError(error, 'Storage self-test');
    } else {
      console.warn('localStorage is not available; settings are kept in memory only.', error);
      reportNotice({
        kind: 'warning',
        messageId: 'snxt.storage.unavailable',
        defaultMessage: 'Your browser is not saving data, so settings last until you close this tab.',
      });
    }
    return { storage: createMemoryStorage(), persistent: false };
  }
}

/** `EXAMPLES.TODO-LIST` → `['examples', 'todoList']` (SPEC §5). */
export function storageKeyToPath(key: string): string[] {
  return key
    .toLowerCase()
    .split('.')
    .map((part) => part.replace(/-([a-z0-9])/g, (_, char: string) => char.toUpperCase()));
}

export type StoredTree = { [key: string]: unknown };

/**
 * Reads every prefixed key into one nested object. A value that is not JSON is left out (so its
 * part of the state falls back to defaults) and reported on the console; other keys are untouched.
 */
export function loadStoredState(storage: KeyValueStorage, prefix = STORAGE_PREFIX): StoredTree {
  const tree: StoredTree = {};
  for (let index = 0; index < storage.length; index++) {
    const fullKey = storage.key(index);
    if (!fullKey?.startsWith(prefix) || fullKey === SELF_TEST_KEY) continue;
    const raw = storage.getItem(fullKey);
    if (raw === null) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      console.warn(`Ignoring stored ${fullKey}: it is not valid JSON.`);
      continue;
    }
    const path = storageKeyToPath(fullKey.slice(prefix.length));
    let node = tree;
    path.forEach((part, depth) => {
      if (depth === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      node = isRecord(next) ? next : (node[part] = {});
    });
  }
  return tree;
}

/**
 * Stores `value` as JSON unless exactly that is stored already: state that another tab's write
 * fed in is not written back, so tabs never echo each other. Returns whether it wrote.
 */
export function saveItem(storage: KeyValueStorage, key: string, value: unknown, prefix = STORAGE_PREFIX): boolean {
  const fullKey = `${prefix}${key}`;
  const serialized = JSON.stringify(value);
  if (storage.getItem(fullKey) === serialized) return false;
  storage.setItem(fullKey, serialized);
  return true;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
