import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillStorage, withSetItem } from '../../../test/full-storage';
import { answersPendingSignIn, createSignInStateStore, SignInStorageRefused } from './pending-sign-in';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the sign-in state store', () => {
  it('keeps the state in localStorage while it takes writes', async () => {
    const store = createSignInStateStore();
    await store.set('abc', '{"id":"abc"}');
    expect(localStorage.getItem('oidc.signin.abc')).toBe('{"id":"abc"}');
    expect(sessionStorage.length).toBe(0);
    await expect(store.get('abc')).resolves.toBe('{"id":"abc"}');
  });

  it('keeps it in sessionStorage when localStorage is full, and finds, lists and removes it there', async () => {
    fillStorage('localStorage');
    const store = createSignInStateStore();
    await store.set('abc', '{"id":"abc"}');
    expect(sessionStorage.getItem('oidc.signin.abc')).toBe('{"id":"abc"}');
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
    expect(sessionStorage.getItem('oidc.signin.abc')).toBe('state');
  });

  it('lists states in either place once, and only its own keys: never the stored user', async () => {
    localStorage.setItem('oidc.signin.one', '1');
    localStorage.setItem('snxt-SETTINGS', '{}');
    localStorage.setItem('oidc.user:https://idp.example.com:client-1', '{}');
    sessionStorage.setItem('oidc.signin.two', '2');
    sessionStorage.setItem('oidc.signin.one', '1');
    sessionStorage.setItem('snxt:auth-notice', 'x');
    await expect(
      createSignInStateStore()
        .getAllKeys()
        .then((keys) => keys.sort()),
    ).resolves.toEqual(['one', 'two']);
    await expect(createSignInStateStore().get('user:https://idp.example.com:client-1')).resolves.toBeNull();
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

describe('whether an answer is to a sign-in this browser started', () => {
  const answer = (query: string) => new URL(`https://app.example.com/?${query}`);

  it('is so while the store keeps its state, in either storage, and no longer once it is removed', async () => {
    const store = createSignInStateStore();
    await store.set('f00d', 'kept by oidc-client-ts');
    expect(await answersPendingSignIn(answer('code=c&state=f00d'))).toBe(true);
    expect(await answersPendingSignIn(answer('error=access_denied&state=f00d'))).toBe(true);
    await store.remove('f00d');
    expect(await answersPendingSignIn(answer('code=c&state=f00d'))).toBe(false);
    fillStorage('localStorage');
    await store.set('beef', 'kept in this tab');
    expect(await answersPendingSignIn(answer('code=c&state=beef'))).toBe(true);
  });

  it.each([
    'code=c',
    'code=c&state=',
    'code=c&state=__proto__',
    'code=c&state=constructor',
    'code=c&state=toString',
    'code=c&state=length',
    'code=c&state=F00D',
    'code=c&state=f00d%3Bmore',
    'code=c&state=%66%30%30%64x',
    `code=c&state=${encodeURIComponent('user:https://idp.example.com:client-1')}`,
    `code=c&state=${encodeURIComponent('../user:https://idp.example.com:client-1')}`,
  ])('is not so for %s', async (query) => {
    localStorage.setItem('oidc.user:https://idp.example.com:client-1', '{"refresh_token":"r"}');
    await createSignInStateStore().set('f00d', 'kept');
    expect(await answersPendingSignIn(answer(query))).toBe(false);
  });
});
