import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { onIdTokenChange, readIdToken } from '../../lib/id-token';
import * as report from '../../lib/report';
import { createMemoryStorage } from '../../lib/storage';
import { auth } from '../../state/app-state';
import { startTestState } from '../../test/app-state';
import type { ConnectedSession } from './session';
import { carryNotice } from './carried-notice';
import { login, logout, setSessionLoader, startSignIn, takePendingCallback } from './sign-in';
import { TEST_OIDC } from './test-oidc-env';
import { startTestSignIn } from './test-sign-in';

const OIDC = TEST_OIDC;
const SIGNED_IN = { isAuthenticated: true, user: { sub: 'user-1', name: 'Ada' } };

const at = (path: string) => new URL(path, 'https://app.example.com') as unknown as Location;

function fakeSession() {
  const session = {
    login: vi.fn(async () => undefined),
    endSession: vi.fn(async () => undefined),
  };
  const connected = {
    session: session as unknown as ConnectedSession['session'],
    handleCallbackOnce: vi.fn(async () => '/settings'),
    reconcileOnce: vi.fn(async () => undefined),
    idToken: vi.fn(async () => ({ token: 'id-token-1', issuer: OIDC.authority })),
  };
  return { session, connected, load: vi.fn(async () => connected as ConnectedSession) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface StartOptions {
  oidc?: typeof OIDC | null;
  /** What snxt-AUTH holds when the app starts. */
  storedAuth?: unknown;
  location: Location;
  load: () => Promise<ConnectedSession>;
  storage?: ReturnType<typeof createMemoryStorage>;
}

/** Starts the app's state on `storage` (holding `storedAuth`), then sign-in, as the app does. */
function startAuth({ oidc = OIDC, storedAuth = null, location, load, storage = createMemoryStorage() }: StartOptions) {
  startTestState({ storage, stored: { 'snxt-AUTH': storedAuth } });
  setSessionLoader(load);
  onTestFinished(startSignIn({ oidc, location }));
}

let notices: string[];
beforeEach(() => {
  takePendingCallback();
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
    expect(takePendingCallback()).toBeNull();
  });

  it('loads nothing for a signed-out visitor until Login, which remembers the page', async () => {
    const storedAuth = null;
    const { load, session } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at('/settings?tab=1'), load });
    await flush();
    expect(load).not.toHaveBeenCalled();
    login(at('/settings?tab=1'));
    await flush();
    expect(session.login).toHaveBeenCalledWith('/settings?tab=1');
  });

  it('hands the answer to a sign-in started here to the session once and gives its result out once', async () => {
    const storage = createMemoryStorage();
    const state = await startTestSignIn(storage);
    const storedAuth = null;
    const { load, connected } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at(`/?code=a&state=${state}`), load, storage });
    const pending = takePendingCallback();
    expect(takePendingCallback()).toBeNull();
    await expect(pending).resolves.toBe('/settings');
    expect(connected.handleCallbackOnce).toHaveBeenCalledWith(`https://app.example.com/?code=a&state=${state}`);
    expect(connected.reconcileOnce).not.toHaveBeenCalled();
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
    await takePendingCallback();
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
    logout();
    expect(auth.state.value.isAuthenticated).toBe(false);
    await flush();
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });

  it("shows, once, a notice that had to wait for the way back from the provider's sign-out", async () => {
    carryNotice('signOutIncomplete');
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
    await expect(takePendingCallback()).resolves.toBe('/?x=1');
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(notices).toEqual(['snxt.auth.signInFailed']);
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
    await expect(takePendingCallback()).resolves.toBe('/?keep=1');
    await flush();
    expect(auth.state.value).toEqual(SIGNED_IN);
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
    await expect(takePendingCallback()).resolves.toBe('/');
    await flush();
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(notices).toEqual(['snxt.auth.callbackIgnored']);
  });

  it('ignores a state that names something other than a pending redirect sign-in', async () => {
    const storage = createMemoryStorage();
    storage.setItem('oidc.popup', JSON.stringify({ id: 'popup', created: 1, request_type: 'si:p' }));
    storage.setItem('oidc.other', JSON.stringify({ id: 'someone-else', created: 1, request_type: 'si:r' }));
    storage.setItem('oidc.junk', '{not json');
    storage.setItem('unknown', JSON.stringify({ id: 'unknown', created: 1, request_type: 'si:r' }));
    for (const state of ['popup', 'other', 'junk', 'unknown']) {
      const storedAuth = SIGNED_IN;
      const { connected, load } = fakeSession();
      startAuth({ oidc: OIDC, storedAuth, location: at(`/?code=x&state=${state}`), load, storage });
      await takePendingCallback();
      expect(connected.handleCallbackOnce).not.toHaveBeenCalled();
      expect(auth.state.value).toEqual(SIGNED_IN);
    }
  });

  it('ignores an answer whose sign-in was already used (its state is gone)', async () => {
    const storage = createMemoryStorage();
    const state = await startTestSignIn(storage);
    storage.removeItem(`oidc.${state}`);
    const storedAuth = SIGNED_IN;
    const { connected, load } = fakeSession();
    startAuth({ oidc: OIDC, storedAuth, location: at(`/?code=x&state=${state}`), load, storage });
    await expect(takePendingCallback()).resolves.toBe('/');
    expect(connected.handleCallbackOnce).not.toHaveBeenCalled();
    expect(auth.state.value).toEqual(SIGNED_IN);
  });
});

describe('the ID token door (AWS credentials)', () => {
  const oidcUserKey = `oidc.user:${OIDC.authority}:${OIDC.clientId}`;

  function storageEvent(storage: ReturnType<typeof createMemoryStorage>, key: string) {
    window.dispatchEvent(
      new StorageEvent('storage', { key, newValue: '{}', storageArea: storage as unknown as Storage }),
    );
  }

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
    onTestFinished(onIdTokenChange(changed));
    auth.loginSuccess({ sub: 'user-1' });
    expect(changed).toHaveBeenCalledTimes(1);
    storageEvent(storage, oidcUserKey);
    expect(changed).toHaveBeenCalledTimes(2);
    storageEvent(storage, 'oidc.user:https://evil.example:client-1');
    storageEvent(storage, 'snxt-SETTINGS');
    expect(changed).toHaveBeenCalledTimes(2);
    auth.logout();
    expect(changed).toHaveBeenCalledTimes(3);
  });

  it('disconnects when sign-in stops', async () => {
    const { load } = fakeSession();
    startTestState({ stored: { 'snxt-AUTH': SIGNED_IN } });
    setSessionLoader(load);
    const stop = startSignIn({ oidc: OIDC, location: at('/') });
    const changed = vi.fn();
    onTestFinished(onIdTokenChange(changed));
    stop();
    auth.logout();
    expect(changed).not.toHaveBeenCalled();
    await expect(readIdToken()).resolves.toBeNull();
  });
});
