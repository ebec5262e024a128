export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface AppStorage extends KeyValueStorage {
  isArea(area: unknown): boolean;
}

export function createMemoryStorage(): AppStorage {
  const items = new Map<string, string>();
  const memory: AppStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
    isArea: (area) => area === memory,
  };
  return memory;
}

function copyReadable(from: KeyValueStorage, to: KeyValueStorage) {
  let length = 0;
  try {
    length = from.length;
  } catch {
    return;
  }
  for (let index = 0; index < length; index++) {
    try {
      const key = from.key(index);
      const value = key === null ? null : from.getItem(key);
      if (key !== null && value !== null) to.setItem(key, value);
    } catch {
      // Unreadable item: skip it, keep the rest.
    }
  }
}

export interface FallbackStorage extends AppStorage {
  readonly persistent: boolean;
}

// Once the browser storage throws (quota, revoked), memory serves behind the same object: persistence, other tabs and
// the sign-in store switch together and nothing throws.
export function createFallbackStorage(browser: KeyValueStorage, onFallback: (error: unknown) => void): FallbackStorage {
  let memory: AppStorage | null = null;
  const withStorage = <T>(call: (storage: KeyValueStorage) => T): T => {
    if (memory) return call(memory);
    try {
      return call(browser);
    } catch (error) {
      memory = createMemoryStorage();
      copyReadable(browser, memory);
      onFallback(error);
      return call(memory);
    }
  };
  return {
    getItem: (key) => withStorage((storage) => storage.getItem(key)),
    setItem: (key, value) => withStorage((storage) => storage.setItem(key, value)),
    removeItem: (key) => withStorage((storage) => storage.removeItem(key)),
    key: (index) => withStorage((storage) => storage.key(index)),
    get length() {
      return withStorage((storage) => storage.length);
    },
    isArea: (area) => area === browser,
    get persistent() {
      return memory === null;
    },
  };
}
