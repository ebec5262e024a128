import { STORAGE_KEYS, STORAGE_PREFIX } from '../config/constants';
import { isRecord } from './checks';
import { createFallbackStorage, createMemoryStorage, type AppStorage, type KeyValueStorage } from './fallback-storage';
import { reportError, reportNotice } from './notice-bus';
import { runningSlot } from './running-slot';
import { isUnsafeKey } from './safe-keys';

export { createMemoryStorage, type AppStorage, type KeyValueStorage } from './fallback-storage';

const STORAGE_SELF_TEST_ERROR = 'localStorage did not return expected value';
const SELF_TEST_KEY = `${STORAGE_PREFIX}SELF-TEST`;

function selfTest(storage: KeyValueStorage): void {
  const expected = String(Date.now());
  storage.setItem(SELF_TEST_KEY, expected);
  const actual = storage.getItem(SELF_TEST_KEY);
  storage.removeItem(SELF_TEST_KEY);
  if (actual !== expected) throw new Error(STORAGE_SELF_TEST_ERROR);
}

export interface OpenedStorage {
  storage: AppStorage;
  persistent: boolean;
}

function sayKeptInMemory(error: unknown) {
  console.warn('localStorage is not available; settings are kept in memory only.', error);
  reportNotice({
    kind: 'warning',
    messageId: 'snxt.storage.unavailable',
    defaultMessage: 'Your browser is not saving data, so settings last until you close this tab.',
  });
}

// Memory when localStorage is missing, refused, failing later (full, revoked; said once) or failing its self-test.
export function openStorage(getBrowserStorage: () => KeyValueStorage = () => window.localStorage): OpenedStorage {
  let browser: KeyValueStorage;
  try {
    browser = getBrowserStorage();
  } catch (error) {
    sayKeptInMemory(error);
    return { storage: createMemoryStorage(), persistent: false };
  }
  const storage = createFallbackStorage(browser, sayKeptInMemory);
  try {
    selfTest(storage);
  } catch (error) {
    reportError(error, 'Storage self-test');
    return { storage: createMemoryStorage(), persistent: false };
  }
  return { storage, persistent: storage.persistent };
}

function storageKeyToPath(key: string): string[] {
  return key
    .toLowerCase()
    .split('.')
    .map((part) => part.replace(/-([a-z0-9])/g, (_, char: string) => char.toUpperCase()));
}

export type StoredTree = { [key: string]: unknown };

function readKeys(storage: KeyValueStorage, failures: unknown[]): string[] {
  const keys: string[] = [];
  let length = 0;
  try {
    length = storage.length;
  } catch (error) {
    failures.push(error);
  }
  for (let index = 0; index < length; index++) {
    try {
      const key = storage.key(index);
      if (key !== null) keys.push(key);
    } catch (error) {
      failures.push(error);
    }
  }
  return keys;
}

// The app's own keys come last, so they win over other spellings (`snxt-auth`) that rebuild to the same place.
function inLoadOrder(keys: string[], prefix: string): string[] {
  const own = new Set(Object.values(STORAGE_KEYS).map((key) => `${prefix}${key}`));
  const others = keys.filter((key) => !own.has(key)).sort();
  return [...others, ...keys.filter((key) => own.has(key))];
}

function setPath(tree: StoredTree, path: string[], value: unknown) {
  let node = tree;
  path.forEach((part, depth) => {
    if (depth === path.length - 1) {
      node[part] = value;
      return;
    }
    const next = Object.hasOwn(node, part) ? node[part] : undefined;
    node = isRecord(next) ? next : (node[part] = Object.create(null) as StoredTree);
  });
}

// A value that is not JSON is left out (its part falls back to defaults), a key naming a prototype (`__proto__`, any
// case) is ignored, and storage failing mid-read holds nothing more.
export function loadStoredState(storage: KeyValueStorage, prefix = STORAGE_PREFIX): StoredTree {
  const tree = Object.create(null) as StoredTree;
  const failures: unknown[] = [];
  const unsafe: string[] = [];
  const keys = readKeys(storage, failures).filter((key) => key.startsWith(prefix) && key !== SELF_TEST_KEY);
  for (const fullKey of inLoadOrder(keys, prefix)) {
    const name = fullKey.slice(prefix.length);
    if (name.split('.').some(isUnsafeKey)) {
      unsafe.push(fullKey);
      continue;
    }
    let raw: string | null;
    try {
      raw = storage.getItem(fullKey);
    } catch (error) {
      failures.push(error);
      continue;
    }
    if (raw === null) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      console.warn(`Ignoring stored ${fullKey}: it is not valid JSON.`);
      continue;
    }
    setPath(tree, storageKeyToPath(name), value);
  }
  if (unsafe.length > 0) console.warn(`Ignoring stored ${unsafe.join(', ')}: a key must not name a prototype.`);
  if (failures.length > 0) console.warn('Storage failed while reading saved state; starting without it.', failures);
  return tree;
}

// Only a change is written: what another tab wrote is not written back, so tabs never echo each other.
export function saveItem(storage: KeyValueStorage, key: string, value: unknown, prefix = STORAGE_PREFIX): boolean {
  const fullKey = `${prefix}${key}`;
  const serialized = JSON.stringify(value);
  if (storage.getItem(fullKey) === serialized) return false;
  storage.setItem(fullKey, serialized);
  return true;
}

const running = /* @__PURE__ */ runningSlot<AppStorage>('The app storage');
export const appStorage = running.get;
export const runAppStorage = running.run;
