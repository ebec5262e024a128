import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import * as report from '../../lib/notice-bus';
import { onTokensChange, sessionTokens, type AccessToken } from '../../lib/session-tokens';
import { createMemoryStorage } from '../../lib/storage';
import { auth } from './auth-model';
import { signal } from '@preact/signals-react';
import type { Language } from '../../config/constants';
import { startTestState } from '../../test/test-state';
import { fillStorage } from '../../test/full-storage';
import { startTestSignIn, TEST_OIDC } from '../../test/oidc';
import type { ConnectedSession } from './session/session';
import { createSignInStateStore } from './session/pending-sign-in';
import { SignInModel } from './sign-in-model';
import { storageEvent } from '../../test/other-tab';

const CARRIED = 'snxt:auth-notice';

const OIDC = TEST_OIDC;
const SIGNED_IN = { isAuthenticated: true, user: { sub: 'user-1', name: 'Ada' } };

const at = (path: string) => new URL(path, 'https://app.example.com') as unknown as Location;

function fakeSession() {
  const session = {
    login: vi.fn<(returnTo: string, language: string, replace?: boolean) => Promise<boolean>>(async () => true),
    endSession: vi.fn(async () => undefined),
    revokeLeftover: vi.fn(async () => undefined),
  };
  const tokens = {
    current: vi.fn(async (): Promise<AccessToken | null> => ({ token: 'access-1', sub: 'user-1' })),
    renew: vi.fn(async () => ({ token: 'access-2', sub: 'user-1' })),
    end: vi.fn(),
  };
  const connected = {
    session: session as unknown as ConnectedSession['session'],
    tokens,
    handleCallbackOnce: vi.fn(async () => '/settings'),
    reconcileOnce: vi.fn(async () => undefined),
    idToken: vi.fn(async () => ({ token: 'id-token-1', issuer: OIDC.authority })),
  };
  return { session, tokens, connected, load: vi.fn(async () => connected as ConnectedSession) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface StartOptions {
  oidc?: typeof OIDC | null;
  /** What snxt-AUTH holds when the app starts. */
  storedAuth?: unknown;
  location: Location;
  load: () => Promise<ConnectedSession>;
  storage?: ReturnType<typeof createMemoryStorage>;
  /** What startApp adds in builds with an idle sign-out. */
  afterIdle?: { automatic: boolean; returnTo: (path: string) => string };
}

let model: SignInModel;
/** The language on screen (the settings model's `language` in the app). */
const language = signal<Language>('en');

const readIdToken = async () => (await sessionTokens()?.idToken()) ?? null;

/** Starts the app's state on `storage` (holding `storedAuth`), then a fresh sign-in model, as the app does. */
function startAuth({
  oidc = OIDC,
  storedAuth = null,
  location,
  load,
  storage = createMemoryStorage(),
  afterIdle,
}: StartOptions) {
  startTestState({ storage, stored: { 'snxt-AUTH': storedAuth } });
  language.value = 'en';
  model = new SignInModel({ auth: auth(), storage, oidc, location, language, loadSession: load, ...afterIdle });
  const started = model;
  onTestFinished(() => started[Symbol.dispose]());
}

/** Whether `promise` has settled by now. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await flush();
  return done;
}

let notices: string[];
beforeEach(() => {
  notices = [];
  vi.spyOn(report, 'reportNotice').mockImplementation((notice) => void notices.push(notice.messageId));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('sign-in at start-up, Login and Logout', () => {
  it('does nothing without an authority', () => {
    const storedAuth = SIGNED_IN;
    const { load } = fakeSession();
    startAuth({ oidc: null, storedAuth, location: at('/?code=a&state=b'), load });
    expect(load).not.toHaveBeenCalled();
    expect(model.takePendingCallback()).toBeNull();
  });

  it('loads nothing for a signed-out visitor until Login, which remembers the page', async () => {
    const storedAuth = null;
    const { load, session } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at('/settings?tab=1'), load });
    await flush();
    expect(load).not.toHaveBeenCalled();
    model.login();
    await flush();
    // With a history entry: Back returns to the page.
    expect(session.login).toHaveBeenCalledWith('/settings?tab=1', 'en', false);
  });

  it('asks for the hosted page in the language on screen at the moment of Login', async () => {
    const { load, session } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth: null, location: at('/'), load });
    language.value = 'pt-br';
    model.login();
    await flush();
    expect(session.login).toHaveBeenLastCalledWith('/', 'pt-br', false);
    language.value = 'he';
    model.login();
    await flush();
    expect(session.login).toHaveBeenLastCalledWith('/', 'he', false);
  });

  it('hands the answer to a sign-in started here to the session once and gives its result out once', async () => {
    const storage = createMemoryStorage();
    const state = await startTestSignIn(storage);
    const storedAuth = null;
    const { load, connected } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at(`/?code=a&state=${state}`), load, storage });
    const pending = model.takePendingCallback();
    expect(model.takePendingCallback()).toBeNull();
    await expect(pending).resolves.toBe('/settings');
    expect(connected.handleCallbackOnce).toHaveBeenCalledWith(`https://app.example.com/?code=a&state=${state}`);
    expect(connected.reconcileOnce).not.toHaveBeenCalled();
  });

  it('with localStorage full, recognises the answer to a sign-in started here on the page after the provider', async () => {
    onTestFinished(() => sessionStorage.clear());
    fillStorage('localStorage');
    const state = await startTestSignIn(createMemoryStorage());
    const { load, connected } = fakeSession();
    startAuth({
      oidc: OIDC,
      storedAuth: null,
      location: at(`/?code=a&state=${state}`),
      load,
      storage: createMemoryStorage(),
    });
    await expect(model.takePendingCallback()).resolves.toBe('/settings');
    expect(connected.handleCallbackOnce).toHaveBeenCalledOnce();
    expect(notices).toEqual([]);
  });

  it('hands a refused sign-in started here (error with its state) to the session', async () => {
    const storage = createMemoryStorage();
    const state = await startTestSignIn(storage);
    const { load, connected } = fakeSession();
    startAuth({
      oidc: OIDC,
      storedAuth: null,
      location: at(`/?error=access_denied&state=${state}`),
      load,
      storage,
    });
    await model.takePendingCallback();
    expect(connected.handleCallbackOnce).toHaveBeenCalledTimes(1);
  });

  it('checks a stored sign-in against the OIDC session', async () => {
    const storedAuth = SIGNED_IN;
    const { load, connected } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at('/'), load });
    await flush();
    expect(connected.reconcileOnce).toHaveBeenCalledTimes(1);
  });

  it('ends the provider session after Logout', async () => {
    const storedAuth = SIGNED_IN;
    const { load, session } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at('/'), load });
    model.logout();
    expect(auth().state.value.isAuthenticated).toBe(false);
    await flush();
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it("shows, once, a notice that had to wait for the way back from the provider's sign-out", async () => {
    sessionStorage.setItem(CARRIED, 'signOutIncomplete');
    const { load } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth: null, location: at('/'), load });
    startAuth({ oidc: OIDC, storedAuth: null, location: at('/'), load });
    expect(notices).toEqual(['snxt.auth.signOutIncomplete']);
    expect(load).not.toHaveBeenCalled();
  });

  it('signs out with a notice and a clean URL when the sign-in code cannot load', async () => {
    const storage = createMemoryStorage();
    const state = await startTestSignIn(storage);
    const storedAuth = SIGNED_IN;
    const load = vi.fn(async (): Promise<ConnectedSession> => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    startAuth({ oidc: OIDC, storedAuth, location: at(`/?code=a&state=${state}&x=1`), load, storage });
    await expect(model.takePendingCallback()).resolves.toBe('/?x=1');
    expect(auth().state.value.isAuthenticated).toBe(false);
    expect(notices).toEqual(['snxt.auth.signInFailed']);
  });
});

describe('the stored tokens at Logout and at start-up', () => {
  const OIDC_USER_KEY = `oidc.user:${OIDC.authority}:${OIDC.clientId}`;
  const TOKENS = JSON.stringify({
    access_token: 'access-1',
    id_token: 'id-1',
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    profile: { sub: 'user-1', email: 'ada@example.com' },
    expires_at: 4_000_000_000,
  });

  function storageWith(tokens: string) {
    const storage = createMemoryStorage();
    storage.setItem(OIDC_USER_KEY, tokens);
    return storage;
  }

  const failedLoad = vi.fn(async (): Promise<ConnectedSession> => {
    throw new Error('Failed to fetch dynamically imported module');
  });

  it('Logout removes them at once and hands the sign-in chunk what revocation and the sign-out need', async () => {
    const storage = storageWith(TOKENS);
    const { load, session } = fakeSession();
    startAuth({ storedAuth: SIGNED_IN, location: at('/'), load, storage });
    await flush();
    model.logout();
    expect(storage.getItem(OIDC_USER_KEY)).toBeNull();
    await flush();
    expect(session.endSession).toHaveBeenCalledExactlyOnceWith(TOKENS);
  });

  it('Logout removes them even when the sign-in chunk cannot load', async () => {
    const storage = storageWith(TOKENS);
    startAuth({ storedAuth: SIGNED_IN, location: at('/'), load: failedLoad, storage });
    await flush();
    model.logout();
    expect(storage.getItem(OIDC_USER_KEY)).toBeNull();
    expect(auth().state.value.isAuthenticated).toBe(false);
    await flush();
    expect(notices).toContain('snxt.auth.signOutIncomplete');
  });

  it('a start that finds them while snxt-AUTH says signed out removes them and has their refresh token revoked', async () => {
    const storage = storageWith(TOKENS);
    const { load, session, connected } = fakeSession();
    startAuth({ storedAuth: null, location: at('/'), load, storage });
    expect(storage.getItem(OIDC_USER_KEY)).toBeNull();
    await flush();
    expect(session.revokeLeftover).toHaveBeenCalledExactlyOnceWith(TOKENS);
    expect(connected.reconcileOnce).not.toHaveBeenCalled();
    expect(auth().state.value.isAuthenticated).toBe(false);
    expect(notices).toEqual([]);
  });

  it('a signed-out start with none stored loads nothing', async () => {
    const storage = createMemoryStorage();
    const { load } = fakeSession();
    startAuth({ storedAuth: null, location: at('/'), load, storage });
    await flush();
    expect(load).not.toHaveBeenCalled();
  });

  it('a signed-in start leaves them to the start-up check', async () => {
    const storage = storageWith(TOKENS);
    const { load, session, connected } = fakeSession();
    startAuth({ storedAuth: SIGNED_IN, location: at('/'), load, storage });
    await flush();
    expect(storage.getItem(OIDC_USER_KEY)).toBe(TOKENS);
    expect(connected.reconcileOnce).toHaveBeenCalledTimes(1);
    expect(session.revokeLeftover).not.toHaveBeenCalled();
  });
});

describe('a sign-in answer to no sign-in started here (forged, replayed, stale link)', () => {
  const FORGED = [
    '/?error=access_denied&state=unknown',
    '/?error=access_denied',
    '/?error=login_required&error_description=x&state=',
    '/?code=x&state=unknown',
    '/?code=x',
    '/?code=x&state=%E0%A4%A',
    // The key of the stored tokens (same store, same prefix) is not a pending sign-in either.
    '/?code=x&state=user%3Ahttps%3A%2F%2Fidp.example.com%3Aclient-1',
  ];

  it.each(FORGED)('leaves a signed-in user signed in, cleans %s and says nothing changed', async (path) => {
    const storage = createMemoryStorage();
    await startTestSignIn(storage);
    storage.setItem(`oidc.user:${OIDC.authority}:${OIDC.clientId}`, JSON.stringify({ id_token: 'id-1', profile: {} }));
    const storedAuth = SIGNED_IN;
    const { load, connected } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at(`${path}&keep=1`), load, storage });
    await expect(model.takePendingCallback()).resolves.toBe('/?keep=1');
    await flush();
    expect(auth().state.value).toEqual(SIGNED_IN);
    expect(connected.handleCallbackOnce).not.toHaveBeenCalled();
    // The stored sign-in is still checked as on any start-up.
    expect(connected.reconcileOnce).toHaveBeenCalledTimes(1);
    expect(notices).toEqual(['snxt.auth.callbackIgnored']);
  });

  it.each(FORGED)('leaves a signed-out visitor signed out without loading the sign-in code: %s', async (path) => {
    const storage = createMemoryStorage();
    const storedAuth = null;
    const { load } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at(path), load, storage });
    await expect(model.takePendingCallback()).resolves.toBe('/');
    await flush();
    expect(auth().state.value.isAuthenticated).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(notices).toEqual(['snxt.auth.callbackIgnored']);
  });

  it('ignores a state that names anything else this browser keeps', async () => {
    const storage = createMemoryStorage();
    onTestFinished(() => sessionStorage.clear());
    localStorage.setItem(`oidc.user:${OIDC.authority}:${OIDC.clientId}`, JSON.stringify({ id: 'x', created: 1 }));
    sessionStorage.setItem('oidc.elsewhere', JSON.stringify({ id: 'elsewhere', created: 1 }));
    localStorage.setItem('snxt-AUTH', JSON.stringify(SIGNED_IN));
    const states = [
      `user:${OIDC.authority}:${OIDC.clientId}`,
      'elsewhere',
      'oidc.elsewhere',
      'snxt-AUTH',
      '../snxt-AUTH',
    ];
    for (const state of states) {
      const storedAuth = SIGNED_IN;
      const { connected, load } = fakeSession();
      startAuth({ oidc: OIDC, storedAuth, location: at(`/?code=x&state=${encodeURIComponent(state)}`), load, storage });
      await model.takePendingCallback();
      expect(connected.handleCallbackOnce).not.toHaveBeenCalled();
      expect(auth().state.value).toEqual(SIGNED_IN);
    }
  });

  it('ignores an answer whose sign-in was already used (its state is gone)', async () => {
    const storage = createMemoryStorage();
    const state = await startTestSignIn(storage);
    await createSignInStateStore().remove(state);
    const storedAuth = SIGNED_IN;
    const { connected, load } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at(`/?code=x&state=${state}`), load, storage });
    await expect(model.takePendingCallback()).resolves.toBe('/');
    expect(connected.handleCallbackOnce).not.toHaveBeenCalled();
    expect(auth().state.value).toEqual(SIGNED_IN);
  });
});

describe('a page that needs sign-in', () => {
  it('opens at once for a signed-in user whose stored session checks out', async () => {
    const { load, session } = fakeSession();
    startAuth({ storedAuth: SIGNED_IN, location: at('/profile'), load });
    await expect(model.requireSignIn('/profile')).resolves.toBeUndefined();
    expect(session.login).not.toHaveBeenCalled();
    expect(model.gate.value).toBeNull();
  });

  it('sends a signed-out visitor to the hosted sign-in without a history entry, to come back to the page', async () => {
    const { load, session } = fakeSession();
    startAuth({ storedAuth: null, location: at('/profile?tab=1'), load });
    const opened = model.requireSignIn('/profile?tab=1');
    expect(await isSettled(opened)).toBe(false);
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/profile?tab=1', 'en', true);
    expect(model.gate.value).toBe('signing-in');
  });

  it('decides only after the start-up check: a stale "signed in" never opens the page', async () => {
    const { load, session, connected } = fakeSession();
    let finishCheck = () => {};
    connected.reconcileOnce.mockImplementation(
      () =>
        new Promise<undefined>((resolve) => {
          finishCheck = () => {
            auth().sessionEnded();
            resolve(undefined);
          };
        }),
    );
    startAuth({ storedAuth: SIGNED_IN, location: at('/profile'), load });
    const opened = model.requireSignIn('/profile');
    expect(await isSettled(opened)).toBe(false);
    expect(session.login).not.toHaveBeenCalled();
    finishCheck();
    expect(await isSettled(opened)).toBe(false);
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/profile', 'en', true);
  });

  it('decides only after a sign-in answer has been handled', async () => {
    const storage = createMemoryStorage();
    const state = await startTestSignIn(storage);
    const { load, connected, session } = fakeSession();
    connected.handleCallbackOnce.mockImplementation(async () => {
      auth().loginSuccess({ sub: 'user-1' });
      return '/profile';
    });
    startAuth({ storedAuth: null, location: at(`/?code=a&state=${state}`), load, storage });
    await expect(model.requireSignIn('/')).resolves.toBeUndefined();
    expect(session.login).not.toHaveBeenCalled();
  });

  it('does not start another automatic sign-in after an answer that failed (no bouncing with the provider)', async () => {
    const storage = createMemoryStorage();
    const state = await startTestSignIn(storage);
    const { load, connected, session } = fakeSession();
    connected.handleCallbackOnce.mockImplementation(async () => {
      auth().sessionEnded();
      return '/';
    });
    startAuth({ storedAuth: null, location: at(`/?error=server_error&state=${state}`), load, storage });
    const opened = model.requireSignIn('/');
    expect(await isSettled(opened)).toBe(false);
    expect(session.login).not.toHaveBeenCalled();
    expect(model.gate.value).toBe('sign-in');
  });

  it('does not sign in again by itself once the visitor has been signed in here (a sign-out elsewhere)', async () => {
    const { load, session } = fakeSession();
    startAuth({ storedAuth: SIGNED_IN, location: at('/profile'), load });
    await model.requireSignIn('/profile');
    auth().reset({ isAuthenticated: false, user: null });
    const again = model.requireSignIn('/profile');
    expect(await isSettled(again)).toBe(false);
    expect(session.login).not.toHaveBeenCalled();
    expect(model.gate.value).toBe('sign-in');
  });

  it('does not sign in again by itself after Logout (its sign-out must not race a sign-in)', async () => {
    const { load, session } = fakeSession();
    startAuth({ storedAuth: SIGNED_IN, location: at('/'), load });
    model.logout();
    void model.requireSignIn('/');
    await flush();
    expect(session.login).not.toHaveBeenCalled();
    expect(model.gate.value).toBe('sign-in');
  });

  it('after an idle sign-out in this tab, waits for Login, which returns to the page the visitor was on', async () => {
    const { load, session } = fakeSession();
    const returnTo = vi.fn((path: string) => (path === '/' ? '/profile?tab=1' : path));
    startAuth({ storedAuth: null, location: at('/'), load, afterIdle: { automatic: false, returnTo } });
    const opened = model.requireSignIn('/');
    await flush();
    expect(await isSettled(opened)).toBe(false);
    expect(session.login).not.toHaveBeenCalled();
    expect(model.gate.value).toBe('sign-in');
    model.login();
    await flush();
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/profile?tab=1', 'en', false);
  });

  it('sends the visitor to the hosted page in the language on screen', async () => {
    const { load, session } = fakeSession();
    startAuth({ storedAuth: null, location: at('/profile'), load });
    language.value = 'de';
    void model.requireSignIn('/profile');
    await flush();
    expect(session.login).toHaveBeenCalledExactlyOnceWith('/profile', 'de', true);
  });

  it('starts one automatic sign-in however often the page is asked for meanwhile', async () => {
    const { load, session } = fakeSession();
    session.login.mockReturnValue(new Promise<boolean>(() => undefined));
    startAuth({ storedAuth: null, location: at('/profile'), load });
    void model.requireSignIn('/profile');
    void model.requireSignIn('/profile');
    await flush();
    expect(session.login).toHaveBeenCalledTimes(1);
    expect(model.gate.value).toBe('signing-in');
  });

  it('offers Login when the provider cannot be reached', async () => {
    const { load, session } = fakeSession();
    session.login.mockResolvedValue(false);
    startAuth({ storedAuth: null, location: at('/profile'), load });
    void model.requireSignIn('/profile');
    await flush();
    expect(model.gate.value).toBe('sign-in');
  });

  it('opens once someone signs in, in another tab', async () => {
    const { load } = fakeSession();
    startAuth({ storedAuth: null, location: at('/profile'), load });
    const opened = model.requireSignIn('/profile');
    expect(await isSettled(opened)).toBe(false);
    auth().reset(SIGNED_IN);
    expect(await isSettled(opened)).toBe(true);
  });

  it('does not open for a stored "signed in" that could not be checked (the sign-in code did not load)', async () => {
    const load = vi.fn(async (): Promise<ConnectedSession> => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    startAuth({ storedAuth: SIGNED_IN, location: at('/profile'), load });
    const opened = model.requireSignIn('/profile');
    expect(await isSettled(opened)).toBe(false);
    expect(notices).toEqual(['snxt.auth.providerUnavailable']);
    expect(model.gate.value).toBe('sign-in');
  });
});

describe('the access token for the HTTP helper', () => {
  it('comes from the sign-in chunk for a signed-in user', async () => {
    const { load, tokens } = fakeSession();
    startAuth({ storedAuth: SIGNED_IN, location: at('/'), load });
    await expect(sessionTokens()?.current()).resolves.toEqual({ token: 'access-1', sub: 'user-1' });
    await expect(sessionTokens()?.renew('access-1')).resolves.toEqual({ token: 'access-2', sub: 'user-1' });
    sessionTokens()?.end('access-2');
    await flush();
    expect(tokens.end).toHaveBeenCalledWith('access-2');
  });

  it('is none for a signed-out visitor, without loading the sign-in code', async () => {
    const { load } = fakeSession();
    startAuth({ storedAuth: null, location: at('/'), load });
    await expect(sessionTokens()?.current()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('has no source at all without sign-in configured', () => {
    const { load } = fakeSession();
    startAuth({ oidc: null, location: at('/'), load });
    expect(sessionTokens()).toBeNull();
  });
});

describe('the ID token door (AWS credentials)', () => {
  const oidcUserKey = `oidc.user:${OIDC.authority}:${OIDC.clientId}`;

  const oidcUserChanged = (storage: ReturnType<typeof createMemoryStorage>, key: string) =>
    storageEvent(storage, key, '{}');

  it('is not connected without an authority: there is never a token', async () => {
    const { load } = fakeSession();
    startAuth({ oidc: null, storedAuth: SIGNED_IN, location: at('/'), load });
    await expect(readIdToken()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('has no token for a signed-out visitor, and loads no sign-in code for it', async () => {
    const { load } = fakeSession();
    startAuth({ location: at('/'), load });
    await expect(readIdToken()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("hands out a signed-in user's token from the session", async () => {
    const { load, connected } = fakeSession();
    startAuth({ storedAuth: SIGNED_IN, location: at('/'), load });
    await expect(readIdToken()).resolves.toEqual({ token: 'id-token-1', issuer: OIDC.authority });
    expect(connected.idToken).toHaveBeenCalled();
  });

  it("says the token may have changed at sign-in, sign-out and another tab's renewal, and nothing else", async () => {
    const storage = createMemoryStorage();
    const { load } = fakeSession();
    startAuth({ location: at('/'), load, storage });
    const changed = vi.fn();
    onTestFinished(onTokensChange(changed));
    auth().loginSuccess({ sub: 'user-1' });
    expect(changed).toHaveBeenCalledTimes(1);
    oidcUserChanged(storage, oidcUserKey);
    expect(changed).toHaveBeenCalledTimes(2);
    oidcUserChanged(storage, 'oidc.user:https://evil.example:client-1');
    oidcUserChanged(storage, 'snxt-SETTINGS');
    expect(changed).toHaveBeenCalledTimes(2);
    auth().logout();
    expect(changed).toHaveBeenCalledTimes(3);
  });

  it('disconnects when the model is disposed', async () => {
    const { load } = fakeSession();
    startAuth({ storedAuth: SIGNED_IN, location: at('/'), load });
    const changed = vi.fn();
    onTestFinished(onTokensChange(changed));
    model[Symbol.dispose]();
    auth().logout();
    expect(changed).not.toHaveBeenCalled();
    await expect(readIdToken()).resolves.toBeNull();
  });
});
