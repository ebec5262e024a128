import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillStorage, withSetItem } from '../../../test/full-storage';
import { createSignInStateStore, SignInStorageRefused } from './sign-in-state-store';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the sign-in state store', () => {
  it('keeps the state in localStorage while it takes writes', async () => {
    const store = createSignInStateStore();
    await store.set('abc', '{"id":"abc"}');
    expect(localStorage.getItem('oidc.abc')).toBe('{"id":"abc"}');
    expect(sessionStorage.length).toBe(0);
    await expect(store.get('abc')).resolves.toBe('{"id":"abc"}');
  });

  it('keeps it in sessionStorage when localStorage is full, and finds, lists and removes it there', async () => {
    fillStorage('localStorage');
    const store = createSignInStateStore();
    await store.set('abc', '{"id":"abc"}');
    expect(sessionStorage.getItem('oidc.abc')).toBe('{"id":"abc"}');
    // What another page of this tab reads, after the trip to the provider.
    await expect(createSignInStateStore().get('abc')).resolves.toBe('{"id":"abc"}');
    await expect(store.getAllKeys()).resolves.toEqual(['abc']);
    await expect(store.remove('abc')).resolves.toBe('{"id":"abc"}');
    await expect(store.get('abc')).resolves.toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('takes a write that localStorage drops without a word as refused', async () => {
    withSetItem('localStorage', () => undefined);
    await createSignInStateStore().set('abc', 'state');
    expect(sessionStorage.getItem('oidc.abc')).toBe('state');
  });

  it('lists states in either place once, and only its own keys', async () => {
    localStorage.setItem('oidc.one', '1');
    localStorage.setItem('snxt-SETTINGS', '{}');
    sessionStorage.setItem('oidc.two', '2');
    sessionStorage.setItem('oidc.one', '1');
    sessionStorage.setItem('snxt:auth-notice', 'x');
    await expect(
      createSignInStateStore()
        .getAllKeys()
        .then((keys) => keys.sort()),
    ).resolves.toEqual(['one', 'two']);
  });

  it('refuses, so that sign-in does not start, when no storage keeps it', async () => {
    fillStorage('localStorage');
    fillStorage('sessionStorage');
    await expect(createSignInStateStore().set('abc', 'state')).rejects.toBeInstanceOf(SignInStorageRefused);
  });

  it('refuses when the browser will not even hand out its storage', async () => {
    const denied = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(denied);
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(denied);
    const store = createSignInStateStore();
    await expect(store.set('abc', 'state')).rejects.toBeInstanceOf(SignInStorageRefused);
    await expect(store.get('abc')).resolves.toBeNull();
    await expect(store.getAllKeys()).resolves.toEqual([]);
    await expect(store.remove('abc')).resolves.toBeNull();
  });
});
