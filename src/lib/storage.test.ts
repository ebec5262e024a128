import { describe, expect, it, vi } from 'vitest';
import { captureReports } from '../test/capture-reports';
import {
  createMemoryStorage,
  loadStoredState,
  openStorage,
  saveItem,
  selfTest,
  STORAGE_SELF_TEST_ERROR,
  storageKeyToPath,
  type KeyValueStorage,
} from './storage';

/** Storage that silently drops writes, as some locked-down browsers do. */
const forgetfulStorage = (): KeyValueStorage => ({
  ...createMemoryStorage(),
  setItem: () => undefined,
  getItem: () => null,
});

describe('storage self-test', () => {
  it('passes on working storage and leaves nothing behind', () => {
    const storage = createMemoryStorage();
    expect(() => selfTest(storage)).not.toThrow();
    expect(storage.length).toBe(0);
  });

  it('fails with the exact SPEC message when the value does not come back', () => {
    expect(() => selfTest(forgetfulStorage())).toThrow(new Error('localStorage did not return expected value'));
  });
});

describe('openStorage', () => {
  it('uses the browser storage when it works', () => {
    const browserStorage = createMemoryStorage();
    const opened = openStorage(() => browserStorage);
    expect(opened).toEqual({ storage: browserStorage, persistent: true });
  });

  it('reports a self-test mismatch through the error handler and runs in memory', () => {
    const reporter = captureReports();
    const opened = openStorage(forgetfulStorage);
    expect(opened.persistent).toBe(false);
    expect(reporter.error).toHaveBeenCalledWith(
      expect.objectContaining({ message: STORAGE_SELF_TEST_ERROR }),
      expect.any(String),
    );
    opened.storage.setItem('snxt-X', '1');
    expect(opened.storage.getItem('snxt-X')).toBe('1');
  });

  it('says once that data is kept in memory when storage is refused', () => {
    const reporter = captureReports();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const opened = openStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(opened.persistent).toBe(false);
    expect(reporter.error).not.toHaveBeenCalled();
    expect(reporter.notice).toHaveBeenCalledTimes(1);
    expect(reporter.notice).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'warning', messageId: 'snxt.storage.unavailable' }),
    );
  });
});

describe('rebuilding state from stored keys', () => {
  it('turns prefixed keys into a nested camel-cased object', () => {
    expect(storageKeyToPath('EXAMPLES.TODO-LIST')).toEqual(['examples', 'todoList']);
    expect(storageKeyToPath('SETTINGS')).toEqual(['settings']);
    expect(storageKeyToPath('A-B-C.D-E')).toEqual(['aBC', 'dE']);
  });

  it('reads every snxt- key, ignores other keys and parses JSON values', () => {
    const storage = createMemoryStorage();
    storage.setItem('snxt-SETTINGS', JSON.stringify({ theme: 'BLACK-THEME' }));
    storage.setItem('snxt-EXAMPLES.TODO-LIST', JSON.stringify({ items: [1] }));
    storage.setItem('snxt-EXAMPLES.STOCK-MARKET', '"ACME"');
    storage.setItem('other-app', '{"x":1}');
    expect(loadStoredState(storage)).toEqual({
      settings: { theme: 'BLACK-THEME' },
      examples: { todoList: { items: [1] }, stockMarket: 'ACME' },
    });
  });

  it('leaves out a value that is not JSON and keeps the other keys', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = createMemoryStorage();
    storage.setItem('snxt-AUTH', '{broken');
    storage.setItem('snxt-SETTINGS', '{"language":"de"}');
    expect(loadStoredState(storage)).toEqual({ settings: { language: 'de' } });
    expect(storage.getItem('snxt-AUTH')).toBe('{broken');
  });

  it('saves values as JSON under the prefixed key', () => {
    const storage = createMemoryStorage();
    saveItem(storage, 'AUTH', { user: null, isAuthenticated: false });
    expect(storage.getItem('snxt-AUTH')).toBe('{"user":null,"isAuthenticated":false}');
  });
});
