import type { KeyValueStorage } from '../lib/storage';

export function storageEvent(storage: KeyValueStorage, key: string | null, newValue: string | null = null): void {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: storage as unknown as Storage }));
}

export function otherTabWrites(storage: KeyValueStorage, key: string, value: string | null): void {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
  storageEvent(storage, key, value);
}
