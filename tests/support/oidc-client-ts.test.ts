// @vitest-environment node
import { InMemoryWebStorage, User } from 'oidc-client-ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEMO_ACCOUNT, startOidcProvider } from '../../scripts/local-provider/oidc-provider.mjs';
import type { OidcEnv } from '../../src/config/env';
import { AuthModel } from '../../src/features/auth/auth-model';
import { answersPendingSignIn, createSignInStateStore } from '../../src/features/auth/session/pending-sign-in';
import { storedSignInTime } from '../../src/features/auth/session/profile-claims';
import { connectSession } from '../../src/features/auth/session/session';
import { endedSession } from '../../src/features/auth/session/sign-out';
import { oidcUserKey, takeStoredTokens } from '../../src/features/auth/session/stored-session';
import {
  CrossTabUserManager,
  RENEW_LOCK_NAME,
  userManagerSettings,
} from '../../src/features/auth/session/user-manager';
import * as notices from '../../src/lib/notice-bus';
import { onTokensChange } from '../../src/lib/session-tokens';
import { createMemoryStorage } from '../../src/lib/storage';
import { signInAtProvider } from './provider-sign-in';

// What sign-in relies on in oidc-client-ts, pinned against the library itself (never mocked) and the real local
// provider, through the app's own session code: a minor update that changes any of it fails here, not in a browser.
// Only its public surface is used: UserManager's methods, events, settings and subclass hooks, OidcClient, StateStore.

const APP = 'http://127.0.0.1:4173';

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
/** Access tokens that live 61 s: the library's automatic renewal (60 s before expiry) starts within a second. */
let shortLived: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  [provider, shortLived] = await Promise.all([
    startOidcProvider({ redirectUris: [`${APP}/`] }),
    startOidcProvider({ redirectUris: [`${APP}/`], accessTokenTtl: 61 }),
  ]);
});
afterAll(() => Promise.all([provider?.close(), shortLived?.close()]));

const oidcOf = (at: { issuer: string; clientId: string }): OidcEnv => ({
  authority: at.issuer,
  clientId: at.clientId,
  scope: 'email profile openid',
  cognitoDomain: null,
});

/** The browser around the app: the addresses the page is sent to, its two storages, the Web Locks taken. */
let sent: string[];
let said: string[];
let locks: string[];
beforeEach(() => {
  sent = [];
  said = [];
  locks = [];
  const location = {
    href: `${APP}/`,
    assign: (url: string) => void sent.push(url),
    replace: (url: string) => void sent.push(url),
  };
  vi.stubGlobal('window', {
    self: { location },
    location,
    localStorage: new InMemoryWebStorage(),
    sessionStorage: new InMemoryWebStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  const request = (name: string, task: () => Promise<unknown>) => {
    locks.push(name);
    return task();
  };
  vi.stubGlobal('navigator', { locks: { request } });
  vi.spyOn(notices, 'reportNotice').mockImplementation((notice) => void said.push(notice.messageId));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

/** The page leaves for `url` once it is sent there (the library waits for a page that never comes back). */
async function pageSentTo(start: () => Promise<unknown>): Promise<URL> {
  const before = sent.length;
  void start();
  await vi.waitFor(() => expect(sent.length).toBeGreaterThan(before));
  return new URL(sent.at(-1)!);
}

/** The app's session on fresh state, as a page load starts it; `storage` is the app's storage (it keeps the User). */
function startSession(at = provider, storage = createMemoryStorage(), storedAuth: unknown = null) {
  const oidc = oidcOf(at);
  const auth = new AuthModel({ stored: storedAuth, storage });
  onTestFinished(() => auth[Symbol.dispose]());
  return { auth, storage, oidc, connected: connectSession(auth, storage, oidc, APP) };
}

/** Login, the provider's sign-in page, and the answer handled as the app handles it. */
async function signIn(app: ReturnType<typeof startSession>, returnTo = '/') {
  const authorize = await pageSentTo(() => app.connected.session.login(returnTo, 'en'));
  const answer = new URL(await signInAtProvider(authorize.origin, authorize.href));
  expect(await answersPendingSignIn(answer)).toBe(true);
  return { authorize, answer, returnedTo: await app.connected.handleCallbackOnce(answer.href) };
}

describe('oidc-client-ts as the sign-in uses it', () => {
  it('sends Login to the authorize endpoint with PKCE (S256), a state and the language on screen', async () => {
    const app = startSession();
    const authorize = await pageSentTo(() => app.connected.session.login('/settings', 'pt-br'));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.issuer}/oauth2/authorize`);
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: `${APP}/`,
      response_type: 'code',
      scope: 'email profile openid',
      code_challenge_method: 'S256',
      ui_locales: 'pt-BR',
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.state).toMatch(/^[\w-]{16,}$/);
  });

  it('keeps each sign-in it starts in our state store under the state it sends, until its answer is handled', async () => {
    const app = startSession();
    const { authorize, answer, returnedTo } = await signIn(app, '/settings?tab=2');
    const state = authorize.searchParams.get('state')!;
    expect(answer.searchParams.get('state')).toBe(state);
    expect(returnedTo).toBe('/settings?tab=2');
    // Used up: the same answer again (a replayed link) is no longer one this browser waits for.
    expect(await answersPendingSignIn(answer)).toBe(false);
    await expect(createSignInStateStore().getAllKeys()).resolves.toEqual([]);
  });

  it('raises userLoaded with the User it stores at the callback: snxt-AUTH holds its profile claims', async () => {
    const app = startSession();
    await signIn(app);
    expect(app.auth.state.value).toMatchObject({
      isAuthenticated: true,
      user: { sub: expect.any(String), email: DEMO_ACCOUNT.email, groups: DEMO_ACCOUNT.groups },
    });
    expect(JSON.stringify(app.auth.state.value)).not.toMatch(/token/);
  });

  it('stores the User where Logout takes it without the library, with what revocation and the profile read', async () => {
    const app = startSession();
    await signIn(app);
    expect(storedSignInTime(app.storage, app.oidc)).toBeInstanceOf(Date);
    const stored = takeStoredTokens(app.storage, app.oidc);
    const ended = endedSession(stored);
    expect(ended.refreshToken).toEqual(expect.any(String));
    expect(ended.idToken).toEqual(expect.any(String));
  });

  it('raises userLoaded for getUser(true): the start-up check puts the stored User in place of a stale copy', async () => {
    const app = startSession();
    await signIn(app);
    const sub = app.auth.state.value.user?.sub;
    const stale = { isAuthenticated: true, user: { sub: 'someone-else', name: 'Stale' } };
    const next = startSession(provider, app.storage, stale);
    await next.connected.reconcileOnce();
    expect(next.auth.state.value.user).toMatchObject({ sub, email: DEMO_ACCOUNT.email });
    expect(said).toEqual([]);
  });

  it('renews through our signinSilent (one tab at a time) and raises userLoaded with the new tokens', async () => {
    const app = startSession();
    await signIn(app);
    const changed = vi.fn();
    onTestFinished(onTokensChange(changed));
    const before = await app.connected.tokens.current();
    locks.length = 0;
    const after = await app.connected.tokens.renew(before!.token);
    expect(locks).toEqual([RENEW_LOCK_NAME]);
    expect(after).toEqual({ token: expect.any(String), sub: before!.sub });
    expect(after!.token).not.toBe(before!.token);
    expect(changed).toHaveBeenCalled();
    await expect(app.connected.tokens.current()).resolves.toEqual(after);
  });

  it('stores a renewal through storeUser, our hook: an answer that comes after a sign-out is dropped', async () => {
    const app = startSession();
    await signIn(app);
    const token = (await app.connected.tokens.current())!.token;
    const key = oidcUserKey(app.oidc);
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await realFetch(input, init);
      // Logout in another tab while the provider answers.
      if (String(input).endsWith('/oauth2/token')) app.storage.removeItem(key);
      return response;
    });
    const userManager = new CrossTabUserManager(userManagerSettings(app.oidc, APP, app.storage as unknown as Storage));
    onTestFinished(() => userManager.stopSilentRenew());
    await expect(userManager.renewAccessToken(token)).resolves.toBeNull();
    expect(app.storage.getItem(key)).toBeNull();
  });

  it('revokes the refresh token at the revocation endpoint, then sends the page to end_session_endpoint', async () => {
    const app = startSession();
    await signIn(app);
    const stored = takeStoredTokens(app.storage, app.oidc);
    app.auth.logout();
    const ended = endedSession(stored);
    const endSession = await pageSentTo(() => app.connected.session.endSession(stored));
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get('id_token_hint')).toBe(ended.idToken);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${APP}/`);
    const refresh = await fetch(`${provider.issuer}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: ended.refreshToken!,
        client_id: provider.clientId,
      }),
    });
    expect(refresh.status).toBe(400);
    // The sign-out keeps nothing in the sign-in state store: an answer can only name a sign-in.
    await expect(createSignInStateStore().getAllKeys()).resolves.toEqual([]);
    expect(said).toEqual([]);
  });

  it('renews by itself before the access token expires, and a renewal the provider refuses raises silentRenewError and userUnloaded', async () => {
    const app = startSession(shortLived);
    await signIn(app);
    // Read from the store, not through the token door, which would renew a token this close to expiry itself.
    const stored = () => User.fromStorageString(app.storage.getItem(oidcUserKey(app.oidc))!);
    const first = stored().access_token;
    locks.length = 0;
    await vi.waitFor(() => expect(stored().access_token).not.toBe(first), { timeout: 10_000, interval: 200 });
    expect(locks).toContain(RENEW_LOCK_NAME);
    const { refresh_token: refreshToken } = stored();
    await fetch(`${shortLived.issuer}/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken!, client_id: shortLived.clientId }),
    });
    await vi.waitFor(() => expect(app.auth.state.value.isAuthenticated).toBe(false), {
      timeout: 10_000,
      interval: 200,
    });
    expect(said).toEqual(['snxt.auth.sessionExpired']);
    expect(storedSignInTime(app.storage, app.oidc)).toBeNull();
  }, 30_000);
});
