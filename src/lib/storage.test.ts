import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureReports } from '../test/capture-reports';
import { createMemoryStorage, loadStoredState, openStorage, saveItem, type KeyValueStorage } from './storage';

/** Storage that silently drops writes, as some locked-down browsers do. */
const forgetfulStorage = (): KeyValueStorage => ({
  ...createMemoryStorage(),
  setItem: () => undefined,
  getItem: () => null,
});

describe('openStorage', () => {
  it('uses the browser storage when it works, its self-test leaving nothing behind', () => {
    const browserStorage = createMemoryStorage();
    const opened = openStorage(() => browserStorage);
    expect(opened.persistent).toBe(true);
    expect(browserStorage.length).toBe(0);
    opened.storage.setItem('snxt-X', '1');
    expect(browserStorage.getItem('snxt-X')).toBe('1');
    expect(opened.storage.isArea(browserStorage)).toBe(true);
  });

  it('reports a self-test mismatch through the error handler and runs in memory', () => {
    const reporter = captureReports();
    const opened = openStorage(forgetfulStorage);
    expect(opened.persistent).toBe(false);
    expect(reporter.error).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'localStorage did not return expected value' }),
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
    const storage = createMemoryStorage();
    storage.setItem('snxt-A-B-C.D-E', '1');
    expect(loadStoredState(storage)).toEqual({ aBC: { dE: 1 } });
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

/** Object.prototype as it was before a test, so a test that pollutes it cannot leak into others. */
const prototypeKeys = Reflect.ownKeys(Object.prototype);
afterEach(() => {
  for (const key of Reflect.ownKeys(Object.prototype)) {
    if (!prototypeKeys.includes(key)) Reflect.deleteProperty(Object.prototype, key);
  }
});

const polluted = () =>
  Reflect.ownKeys(Object.prototype)
    .filter((key) => !prototypeKeys.includes(key))
    .map(String);

describe('rebuilding state from hostile keys', () => {
  it.each([
    'snxt-__proto__.auth',
    'snxt-__PROTO__.AUTH',
    'snxt-__Proto__',
    'snxt-constructor.prototype.x',
    'snxt-CONSTRUCTOR',
    'snxt-Constructor.PROTOTYPE.AUTH',
    'snxt-PROTOTYPE',
    'snxt-SETTINGS.__proto__',
    'snxt-EXAMPLES.CONSTRUCTOR.PROTOTYPE.AUTH',
    'snxt-EXAMPLES.TODO-LIST.__PROTO__',
    'snxt-CON-STRUCTOR.PROTO-TYPE.X',
    'snxt-__-PROTO__.AUTH',
  ])('ignores %s, leaves Object.prototype alone and keeps the other keys', (hostileKey) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = createMemoryStorage();
    storage.setItem(hostileKey, '{"isAuthenticated":true,"theme":"BLACK-THEME"}');
    storage.setItem('snxt-SETTINGS', '{"language":"de"}');
    storage.setItem('snxt-EXAMPLES.TODO-LIST', '[1]');
    const tree = loadStoredState(storage);
    expect(polluted()).toEqual([]);
    expect(({} as Record<string, unknown>).auth).toBeUndefined();
    expect(JSON.parse(JSON.stringify(tree))).toEqual({ settings: { language: 'de' }, examples: { todoList: [1] } });
    expect(Object.getPrototypeOf(tree.settings)).toBe(Object.prototype);
    expect((tree.settings as Record<string, unknown>).theme).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain(hostileKey);
  });

  it('warns once for the whole load, naming every ignored key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = createMemoryStorage();
    const hostile = ['snxt-__proto__.auth', 'snxt-constructor.prototype.x', 'snxt-AUTH.__PROTO__'];
    hostile.forEach((key) => storage.setItem(key, '{"isAuthenticated":true}'));
    storage.setItem('snxt-AUTH', '{"isAuthenticated":false,"user":null}');
    expect(loadStoredState(storage)).toEqual({ auth: { isAuthenticated: false, user: null } });
    expect(polluted()).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    hostile.forEach((key) => expect(String(warn.mock.calls[0]?.[0])).toContain(key));
  });

  it('keeps JSON values with __proto__ or constructor keys as plain data', () => {
    const storage = createMemoryStorage();
    storage.setItem('snxt-AUTH', '{"__proto__":{"isAuthenticated":true},"constructor":{"prototype":{"x":1}}}');
    const tree = loadStoredState(storage);
    expect(polluted()).toEqual([]);
    const auth = tree.auth as Record<string, unknown>;
    expect(auth.isAuthenticated).toBeUndefined();
    expect(Object.hasOwn(auth, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(auth)).toBe(Object.prototype);
  });

  it("keeps the app's own keys when other spellings rebuild to the same place, whatever the order", () => {
    const own = { auth: '{"isAuthenticated":false,"user":null}', settings: '{"theme":"NATURE-THEME"}' };
    const others = [
      ['snxt-auth', '{"isAuthenticated":true,"user":{"sub":"intruder"}}'],
      ['snxt-Settings', '{"theme":"BLACK-THEME"}'],
      ['snxt-settings', '"junk"'],
      ['snxt-SETTINGS.THEME', '"LIGHT-THEME"'],
    ] as const;
    const ownFirst = createMemoryStorage();
    const ownLast = createMemoryStorage();
    ownFirst.setItem('snxt-AUTH', own.auth);
    ownFirst.setItem('snxt-SETTINGS', own.settings);
    for (const [key, value] of others) {
      ownFirst.setItem(key, value);
      ownLast.setItem(key, value);
    }
    ownLast.setItem('snxt-AUTH', own.auth);
    ownLast.setItem('snxt-SETTINGS', own.settings);
    const expected = { auth: JSON.parse(own.auth), settings: JSON.parse(own.settings) };
    expect(loadStoredState(ownFirst)).toEqual(expected);
    expect(loadStoredState(ownLast)).toEqual(expected);
  });

  it('uses another spelling when the own key is not stored', () => {
    const storage = createMemoryStorage();
    storage.setItem('snxt-settings', '{"theme":"BLACK-THEME"}');
    expect(loadStoredState(storage)).toEqual({ settings: { theme: 'BLACK-THEME' } });
  });
});

/** Browser storage whose methods can be told to throw, as a full or revoked localStorage does. */
function breakableStorage() {
  const inner = createMemoryStorage();
  const failing = new Set<keyof KeyValueStorage>();
  const calls: string[] = [];
  const check = (method: keyof KeyValueStorage) => {
    calls.push(method);
    if (failing.has(method)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  const storage: KeyValueStorage = {
    getItem: (key) => (check('getItem'), inner.getItem(key)),
    setItem: (key, value) => (check('setItem'), inner.setItem(key, value)),
    removeItem: (key) => (check('removeItem'), inner.removeItem(key)),
    key: (index) => (check('key'), inner.key(index)),
    get length() {
      check('length');
      return inner.length;
    },
  };
  return { storage, inner, failing, calls };
}

describe('reading stored state from failing storage', () => {
  it.each(['length', 'key', 'getItem'] as const)(
    'starts with what it could read when %s throws, and warns once',
    (method) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { storage, inner, failing } = breakableStorage();
      inner.setItem('snxt-SETTINGS', '{"language":"de"}');
      inner.setItem('snxt-AUTH', '{"isAuthenticated":false}');
      failing.add(method);
      let tree: unknown;
      expect(() => (tree = loadStoredState(storage))).not.toThrow();
      expect(tree).toEqual({});
      expect(warn).toHaveBeenCalledOnce();
    },
  );

  it('keeps the keys it could read when one read fails', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const inner = createMemoryStorage();
    inner.setItem('snxt-AUTH', '{"isAuthenticated":false}');
    inner.setItem('snxt-SETTINGS', '{"language":"de"}');
    const storage: KeyValueStorage = {
      ...inner,
      get length() {
        return inner.length;
      },
      getItem: (key) => {
        if (key === 'snxt-AUTH') throw new DOMException('denied', 'SecurityError');
        return inner.getItem(key);
      },
    };
    expect(loadStoredState(storage)).toEqual({ settings: { language: 'de' } });
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('storage that starts failing while the app runs', () => {
  const start = () => {
    const reporter = captureReports();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = breakableStorage();
    browser.inner.setItem('snxt-SETTINGS', '{"theme":"NATURE-THEME"}');
    browser.inner.setItem('oidc.user:abc', '{"token":"t"}');
    const opened = openStorage(() => browser.storage);
    expect(opened.persistent).toBe(true);
    return { reporter, warn, browser, storage: opened.storage };
  };

  it('switches to memory on a full storage, says so once and keeps every value', () => {
    const { reporter, browser, storage } = start();
    browser.failing.add('setItem');
    expect(() => saveItem(storage, 'SETTINGS', { theme: 'BLACK-THEME' })).not.toThrow();
    expect(reporter.error).not.toHaveBeenCalled();
    expect(reporter.notice).toHaveBeenCalledOnce();
    expect(reporter.notice).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'warning', messageId: 'snxt.storage.unavailable' }),
    );
    expect(storage.getItem('snxt-SETTINGS')).toBe('{"theme":"BLACK-THEME"}');
    expect(storage.getItem('oidc.user:abc')).toBe('{"token":"t"}');

    saveItem(storage, 'SETTINGS', { theme: 'LIGHT-THEME' });
    storage.setItem('oidc.state', 'x');
    storage.removeItem('oidc.user:abc');
    expect(storage.getItem('snxt-SETTINGS')).toBe('{"theme":"LIGHT-THEME"}');
    expect(storage.getItem('oidc.state')).toBe('x');
    expect(storage.getItem('oidc.user:abc')).toBeNull();
    expect(loadStoredState(storage)).toEqual({ settings: { theme: 'LIGHT-THEME' } });
    expect(reporter.notice).toHaveBeenCalledOnce();
    expect(reporter.error).not.toHaveBeenCalled();
    // The browser's copy is left as it was before the failure.
    expect(browser.inner.getItem('snxt-SETTINGS')).toBe('{"theme":"NATURE-THEME"}');
  });

  it.each(['getItem', 'removeItem', 'key', 'length'] as const)('switches to memory once when %s throws', (method) => {
    const { reporter, browser, storage } = start();
    browser.failing.add(method);
    expect(() => {
      storage.getItem('snxt-SETTINGS');
      storage.removeItem('oidc.nothing');
      storage.key(0);
      void storage.length;
      storage.setItem('snxt-AUTH', '{}');
    }).not.toThrow();
    expect(storage.getItem('snxt-AUTH')).toBe('{}');
    expect(reporter.notice).toHaveBeenCalledOnce();
    expect(reporter.error).not.toHaveBeenCalled();
  });

  it('stops using the browser storage once it has failed', () => {
    const { browser, storage } = start();
    browser.failing.add('setItem');
    storage.setItem('snxt-AUTH', '{}');
    browser.failing.clear();
    browser.calls.length = 0;
    storage.setItem('snxt-AUTH', '{"a":1}');
    storage.getItem('snxt-AUTH');
    expect(browser.calls).toEqual([]);
    expect(browser.inner.getItem('snxt-AUTH')).toBeNull();
  });

  it('keeps the stored values when storage is already full at start', () => {
    const reporter = captureReports();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = breakableStorage();
    browser.inner.setItem('snxt-SETTINGS', '{"theme":"NATURE-THEME"}');
    browser.failing.add('setItem');
    const opened = openStorage(() => browser.storage);
    expect(opened.persistent).toBe(false);
    expect(loadStoredState(opened.storage)).toEqual({ settings: { theme: 'NATURE-THEME' } });
    expect(reporter.notice).toHaveBeenCalledOnce();
    expect(reporter.error).not.toHaveBeenCalled();
  });
});
