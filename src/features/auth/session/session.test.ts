import { User, type SigninRedirectArgs } from 'oidc-client-ts';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { REVOKE_TIMEOUT_MS } from '../../../config/constants';
import type { OidcEnv } from '../../../config/env';
import * as report from '../../../lib/notice-bus';
import { createMemoryStorage } from '../../../lib/storage';
import { AuthModel } from '../auth-model';
import { locksTakenBy } from '../../../test/locks';
import { testUserManager } from '../../../test/oidc';
import { fillStorage } from '../../../test/full-storage';
import { sessionWiring } from '../../../test/user-manager';
import { AUTH_NOTICES, takeCarriedNotices } from '../auth-notices';
import { carryNotice } from '../carry-notice';
import { answersPendingSignIn } from './pending-sign-in';
import { connectSession } from './session';
import { SESSION_NOTICES } from './session-notices';
import { RENEW_LOCK_NAME, type CrossTabUserManager } from './user-manager';

const built = vi.hoisted(() => ({ userManager: null as unknown }));
vi.mock('./user-manager', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./user-manager')>()),
  CrossTabUserManager: function CrossTabUserManager() {
    return built.userManager;
  },
}));

const ORIGIN = 'https://app.example.com';
const OIDC: OidcEnv = {
  authority: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc',
  clientId: 'client-1',
  scope: 'email profile openid',
  cognitoDomain: null,
};
const PROFILE = { sub: 'user-1', email: 'ada@example.com', name: 'Ada' };
const SIGNED_IN = { isAuthenticated: true, user: PROFILE };

function oidcUser({
  expiresIn = 3600,
  refreshToken = 'refresh-1',
  state,
  claims = {},
}: Partial<{
  expiresIn: number;
  refreshToken: string | undefined;
  state: unknown;
  claims: Record<string, unknown>;
}> = {}) {
  return new User({
    access_token: 'access-1',
    id_token: 'id-1',
    refresh_token: refreshToken,
    token_type: 'Bearer',
    profile: { ...PROFILE, ...claims, iss: OIDC.authority, aud: 'client-1', exp: 2, iat: 1, auth_time: 1, nonce: 'n' },
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    userState: state,
  });
}

type FakedCalls =
  | 'getUser'
  | 'signinRedirect'
  | 'signinRedirectCallback'
  | 'signinSilent'
  | 'revokeRefreshToken'
  | 'removeUser'
  | 'signoutRedirect'
  | 'clearStaleState';

/**
 * The UserManager boundary, which the session builds in place of its own: everything else is the real code.
 * It stores and removes the User and raises userLoaded and userUnloaded as oidc-client-ts does (oidc-client-ts.test.ts
 * pins that against the library itself).
 */
function fakeUserManager(stored: User | null = null) {
  const storage = createMemoryStorage();
  const wiring = sessionWiring();
  const load = (user: User) => {
    stored = user;
    wiring.raise.loaded(user);
    return user;
  };
  const fake = {
    storage,
    getUser: vi.fn(async (raiseEvent?: boolean) => {
      if (stored && raiseEvent) wiring.raise.loaded(stored);
      return stored;
    }),
    signinRedirect: vi.fn<(args?: SigninRedirectArgs) => Promise<void>>(async () => undefined),
    signinRedirectCallback: vi.fn<(url?: string) => Promise<User>>(async () =>
      load(oidcUser({ state: { returnTo: '/settings' } })),
    ),
    signinSilent: vi.fn(async (): Promise<User | null> => load(oidcUser())),
    revokeRefreshToken: vi.fn<CrossTabUserManager['revokeRefreshToken']>(async () => undefined),
    removeUser: vi.fn(async () => {
      stored = null;
      wiring.raise.unloaded();
    }),
    signoutRedirect: vi.fn(async () => undefined),
    ...wiring,
  } satisfies Pick<CrossTabUserManager, FakedCalls> & { events: unknown; storage: unknown };
  return {
    ...fake,
    /** The provider's answer to the pending sign-in signs in `user`. */
    answerWith: (user: User) => fake.signinRedirectCallback.mockImplementation(async () => load(user)),
  };
}

function setup(storedAuth: unknown = null, userManager = fakeUserManager(), oidc: OidcEnv = OIDC) {
  const auth = new AuthModel({ stored: storedAuth, storage: createMemoryStorage() });
  const redirect = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  built.userManager = userManager;
  const { session } = connectSession(auth, userManager.storage, oidc, ORIGIN);
  return { auth, session, userManager, redirect };
}

let notices: report.Notice[];
beforeEach(() => {
  notices = [];
  sessionStorage.clear();
  vi.spyOn(report, 'reportNotice').mockImplementation((notice) => void notices.push(notice));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('Login', () => {
  it('starts the hosted sign-in and remembers the page to come back to', async () => {
    const { session, userManager } = setup();
    await session.login('/settings?tab=2', 'en');
    expect(userManager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/settings?tab=2' },
      ui_locales: 'en',
    });
  });

  it('never remembers another site as the page to come back to', async () => {
    const { session, userManager } = setup();
    await session.login('//evil.example/', 'en');
    expect(userManager.signinRedirect).toHaveBeenCalledWith(expect.objectContaining({ state: { returnTo: '/' } }));
  });

  it('never remembers a sign-in answer: Login pressed on an answer’s address comes back without it', async () => {
    const { session, userManager } = setup();
    await session.login('/settings?code=c0de&state=st4te&session_state=s&iss=https%3A%2F%2Fidp&tab=2', 'en');
    await session.login('/?error=access_denied&error_description=Cancelled&state=st4te', 'en');
    expect(userManager.signinRedirect.mock.calls.map(([args]) => args?.state)).toEqual([
      { returnTo: '/settings?tab=2' },
      { returnTo: '/' },
    ]);
  });

  it('leaves without a history entry for a sign-in the app starts by itself', async () => {
    const { session, userManager } = setup();
    await expect(session.login('/profile', 'en', true)).resolves.toBe(true);
    expect(userManager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile' },
      ui_locales: 'en',
      redirectMethod: 'replace',
    });
  });

  it.each([
    ['en', 'en'],
    ['de', 'de'],
    ['sk', 'sk'],
    ['fr', 'fr'],
    ['es', 'es'],
    ['pt-br', 'pt-BR'],
    ['zh-cn', 'zh-CN'],
    ['he', 'he'],
  ] as const)(
    'asks for the hosted page in %s as ui_locales=%s, and no Cognito lang without a Cognito domain',
    async (language, tag) => {
      const { session, userManager } = setup();
      await session.login('/', language);
      expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, ui_locales: tag });
    },
  );

  it.each([
    ['en', 'en', 'en'],
    ['de', 'de', 'de'],
    ['fr', 'fr', 'fr'],
    ['es', 'es', 'es'],
    ['pt-br', 'pt-BR', 'pt-BR'],
    ['zh-cn', 'zh-CN', 'zh-CN'],
    ['sk', 'sk', undefined],
    ['he', 'he', undefined],
  ] as const)(
    'with a Cognito domain, asks for managed login in %s (ui_locales=%s) with lang=%s where it offers the language',
    async (language, tag, lang) => {
      const { session, userManager } = setup(null, fakeUserManager(), {
        ...OIDC,
        cognitoDomain: 'https://x.auth.eu-west-1.amazoncognito.com',
      });
      await session.login('/', language);
      expect(userManager.signinRedirect).toHaveBeenCalledWith({
        state: { returnTo: '/' },
        ui_locales: tag,
        ...(lang ? { extraQueryParams: { lang } } : {}),
      });
    },
  );

  it("puts both into the authorize URL through oidc-client-ts's own signinRedirect", async () => {
    const cognito = { ...OIDC, cognitoDomain: 'https://x.auth.eu-west-1.amazoncognito.com' };
    const userManager = fakeUserManager();
    let url = '';
    const real = testUserManager(userManager.storage, (sent) => (url = sent), { origin: ORIGIN, oidc: cognito });
    userManager.signinRedirect.mockImplementation((args) => real.signinRedirect(args));
    const { session } = setup(null, userManager, cognito);
    await session.login('/', 'pt-br', true);
    const params = new URL(url).searchParams;
    expect(params.get('ui_locales')).toBe('pt-BR');
    expect(params.get('lang')).toBe('pt-BR');
    expect(params.getAll('ui_locales')).toHaveLength(1);
  });

  it('says so when the provider cannot be reached', async () => {
    const { session, userManager } = setup();
    userManager.signinRedirect.mockRejectedValue(new Error('Failed to fetch'));
    await expect(session.login('/', 'en')).resolves.toBe(false);
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.providerUnavailable']);
  });
});

describe('sign-in with localStorage full', () => {
  /** signinRedirect as oidc-client-ts runs it: the state stored through the app's settings, then the provider's page. */
  function redirectingUserManager() {
    const userManager = fakeUserManager();
    const real = testUserManager(userManager.storage, (url) => window.location.assign(url), {
      origin: ORIGIN,
      oidc: OIDC,
    });
    userManager.signinRedirect.mockImplementation((args) => real.signinRedirect(args));
    return userManager;
  }

  it('keeps the sign-in state where it survives the trip to the provider, and the answer is recognised there', async () => {
    fillStorage('localStorage');
    const { session, redirect } = setup(null, redirectingUserManager());
    await expect(session.login('/settings', 'en')).resolves.toBe(true);
    expect(redirect).toHaveBeenCalledOnce();
    const state = new URL(redirect.mock.calls[0]![0] as string).searchParams.get('state');
    expect(sessionStorage.getItem(`oidc.signin.${state}`)).not.toBeNull();
    // The page after the provider's: another app storage (memory, as localStorage refuses writes), the same tab.
    await expect(answersPendingSignIn(new URL(`${ORIGIN}/?code=abc&state=${state}`))).resolves.toBe(true);
    expect(notices).toEqual([]);
  });

  it('with no storage that keeps it, Login says sign-in needs storage and stays on the page', async () => {
    fillStorage('localStorage');
    fillStorage('sessionStorage');
    const { session, redirect } = setup(null, redirectingUserManager());
    await expect(session.login('/settings', 'en')).resolves.toBe(false);
    expect(redirect).not.toHaveBeenCalled();
    expect(notices).toEqual([SESSION_NOTICES.storageNeeded]);
    expect(SESSION_NOTICES.storageNeeded.defaultMessage).toBe(
      'Sign-in needs this browser to store data for this site.',
    );
  });
});

describe('the answer to a sign-in started here', () => {
  const ANSWER = `${ORIGIN}/?code=abc&state=pending`;

  it('signs in with the profile claims only, as the stored User has them, and returns to the remembered page', async () => {
    const { session, auth, userManager } = setup();
    await expect(session.handleCallback(ANSWER)).resolves.toBe('/settings');
    expect(userManager.signinRedirectCallback).toHaveBeenCalledWith(ANSWER);
    expect(auth.state.value).toEqual({ isAuthenticated: true, user: PROFILE });
    expect(JSON.stringify(auth.state.value)).not.toMatch(/access|refresh|id-1/);
    expect(notices).toEqual([]);
  });

  it.each([
    [['editors', 'snxt-demo-users'], { groups: ['editors', 'snxt-demo-users'] }],
    ['editors', {}],
    [Array.from({ length: 10_000 }, (_, index) => `group-${index}`), {}],
  ])("gives the user the ID token's cognito:groups %#, checked", async (groups, expected) => {
    const { session, auth, userManager } = setup();
    userManager.answerWith(oidcUser({ claims: { 'cognito:groups': groups } }));
    await session.handleCallback(ANSWER);
    expect(auth.state.value).toEqual({ isAuthenticated: true, user: { ...PROFILE, ...expected } });
  });

  it('signs out, removes the tokens and explains an answer that fails verification', async () => {
    const userManager = fakeUserManager(oidcUser());
    userManager.signinRedirectCallback.mockRejectedValue(new Error('invalid_grant'));
    const { session, auth } = setup(SIGNED_IN, userManager);
    await expect(session.handleCallback(`${ORIGIN}/?code=x&state=pending&keep=1`)).resolves.toBe('/?keep=1');
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(userManager.removeUser).toHaveBeenCalled();
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.signInFailed']);
  });

  it('tells a refused sign-in (access_denied for the pending state) apart', async () => {
    const userManager = fakeUserManager();
    userManager.signinRedirectCallback.mockRejectedValue(new Error('access_denied'));
    const { session, auth } = setup(null, userManager);
    await expect(session.handleCallback(`${ORIGIN}/?error=access_denied&state=pending`)).resolves.toBe('/');
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.signInCancelled']);
  });

  it('rejects an ID token whose profile has no subject', async () => {
    const userManager = fakeUserManager();
    const user = oidcUser();
    user.profile = { ...user.profile, sub: '' };
    userManager.answerWith(user);
    vi.spyOn(report, 'reportError').mockImplementation(() => undefined);
    const { session, auth } = setup(null, userManager);
    await expect(session.handleCallback(ANSWER)).resolves.toBe('/');
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(userManager.removeUser).toHaveBeenCalled();
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.signInFailed']);
  });

  it('rejects a profile that carries tokens, even for the user signed in already', async () => {
    const userManager = fakeUserManager(oidcUser());
    userManager.answerWith(oidcUser({ claims: { refresh_token: 'leaked' } }));
    vi.spyOn(report, 'reportError').mockImplementation(() => undefined);
    const { session, auth } = setup(SIGNED_IN, userManager);
    await expect(session.handleCallback(ANSWER)).resolves.toBe('/');
    expect(auth.state.value.isAuthenticated).toBe(false);
  });
});

describe('the stored User is who is signed in', () => {
  it('a renewal that brings a new profile (new groups) updates snxt-AUTH', async () => {
    const { auth, userManager } = setup(SIGNED_IN, fakeUserManager(oidcUser()));
    userManager.raise.loaded(oidcUser({ claims: { 'cognito:groups': ['snxt-editors'] } }));
    expect(auth.state.value).toEqual({ isAuthenticated: true, user: { ...PROFILE, groups: ['snxt-editors'] } });
  });

  it('a renewal with the same profile changes and saves nothing', async () => {
    const { auth, userManager } = setup(SIGNED_IN, fakeUserManager(oidcUser()));
    const before = auth.state.value;
    userManager.raise.loaded(oidcUser());
    expect(auth.state.value).toBe(before);
  });

  it('the User removed (by any path) signs this tab out, quietly', async () => {
    const { auth, userManager } = setup(SIGNED_IN, fakeUserManager(oidcUser()));
    userManager.raise.unloaded();
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(notices).toEqual([]);
  });

  it('a failed automatic renewal signs out with the notice', async () => {
    const { auth, userManager } = setup(SIGNED_IN, fakeUserManager(oidcUser()));
    userManager.raise.renewError(new Error('invalid_grant'));
    await vi.waitFor(() => expect(auth.state.value.isAuthenticated).toBe(false));
    expect(userManager.removeUser).toHaveBeenCalled();
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.sessionExpired']);
  });

  it('a User that cannot be removed (storage refusing) still signs this tab out', async () => {
    const userManager = fakeUserManager(oidcUser());
    userManager.removeUser.mockRejectedValue(new DOMException('The operation is insecure.', 'SecurityError'));
    const { session, auth } = setup(SIGNED_IN, userManager);
    await session.onRenewError(new Error('invalid_grant'));
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.sessionExpired']);
  });
});

describe('start-up reconciliation', () => {
  it('keeps a stored sign-in backed by a valid access token', async () => {
    const { session, auth, userManager } = setup(SIGNED_IN, fakeUserManager(oidcUser()));
    await session.reconcile();
    expect(auth.state.value).toEqual(SIGNED_IN);
    expect(userManager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews an expired access token with the refresh token', async () => {
    const { session, auth, userManager } = setup(SIGNED_IN, fakeUserManager(oidcUser({ expiresIn: -10 })));
    await session.reconcile();
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
    expect(auth.state.value).toEqual(SIGNED_IN);
    expect(notices).toEqual([]);
  });

  it('signs out when the refresh token does not renew', async () => {
    const userManager = fakeUserManager(oidcUser({ expiresIn: -10 }));
    userManager.signinSilent.mockRejectedValue(new Error('invalid_grant'));
    const { session, auth, redirect } = setup(SIGNED_IN, userManager);
    await session.reconcile();
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(userManager.removeUser).toHaveBeenCalled();
    // No provider round trip: nothing revoked, no sign-out page.
    expect(userManager.revokeRefreshToken).not.toHaveBeenCalled();
    expect(userManager.signoutRedirect).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.sessionExpired']);
  });

  it('signs out when an expired token has no refresh token', async () => {
    const userManager = fakeUserManager(oidcUser({ expiresIn: -10, refreshToken: '' }));
    const { session, auth } = setup(SIGNED_IN, userManager);
    await session.reconcile();
    expect(userManager.signinSilent).not.toHaveBeenCalled();
    expect(auth.state.value.isAuthenticated).toBe(false);
  });

  it('signs out when no OIDC session is stored at all', async () => {
    const { session, auth } = setup(SIGNED_IN, fakeUserManager(null));
    await session.reconcile();
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.sessionExpired']);
  });
});

describe('renewal failure', () => {
  it('signs out cleanly and says the session ended', async () => {
    const { session, auth, userManager } = setup(SIGNED_IN, fakeUserManager(oidcUser()));
    await session.onRenewError(new Error('invalid_grant'));
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(userManager.removeUser).toHaveBeenCalled();
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.sessionExpired']);
  });

  it('stays quiet for a tab that is already signed out', async () => {
    const { session } = setup(null, fakeUserManager(null));
    await session.onRenewError(new Error('invalid_grant'));
    expect(notices).toEqual([]);
  });
});

describe('Logout', () => {
  /** The tokens Logout took from storage at once, as oidc-client-ts stored them. */
  const ENDED = oidcUser().toStorageString();

  function recordOrder(userManager: ReturnType<typeof fakeUserManager>, redirect?: MockInstance<Location['assign']>) {
    const order: string[] = [];
    userManager.revokeRefreshToken.mockImplementation(async (token: string) => void order.push(`revoke ${token}`));
    userManager.removeUser.mockImplementation(async () => void order.push('removeUser'));
    userManager.signoutRedirect.mockImplementation(async () => void order.push('signoutRedirect'));
    redirect?.mockImplementation(() => void order.push('redirect'));
    return order;
  }

  it('revokes the refresh token Logout took, then ends the session at the end_session_endpoint', async () => {
    const userManager = fakeUserManager(null);
    const order = recordOrder(userManager);
    const { session, redirect } = setup(SIGNED_IN, userManager);
    await session.endSession(ENDED);
    expect(order).toEqual(['removeUser', 'revoke refresh-1', 'signoutRedirect']);
    expect(userManager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
    expect(redirect).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
    expect(takeCarriedNotices()).toEqual([]);
  });

  it('revokes while holding the renewal lock: no tab renews meanwhile', async () => {
    const userManager = fakeUserManager(null);
    const { session } = setup(SIGNED_IN, userManager);
    let holding = false;
    const locks = {
      request: async (name: string, task: () => Promise<unknown>) => {
        holding = name === RENEW_LOCK_NAME;
        try {
          return await task();
        } finally {
          holding = false;
        }
      },
    };
    const revokedHolding: boolean[] = [];
    userManager.revokeRefreshToken.mockImplementation(async () => void revokedHolding.push(holding));
    vi.stubGlobal('navigator', { ...navigator, locks });
    try {
      await session.endSession(ENDED);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(revokedHolding).toEqual([true]);
  });

  it("removes a late copy of the ended session's tokens, never a newer sign-in's (another tab)", async () => {
    const late = fakeUserManager(oidcUser());
    await setup(SIGNED_IN, late).session.endSession(ENDED);
    expect(late.removeUser).toHaveBeenCalled();
    const newer = fakeUserManager(oidcUser({ refreshToken: 'refresh-of-a-new-sign-in' }));
    await setup(SIGNED_IN, newer).session.endSession(ENDED);
    expect(newer.removeUser).not.toHaveBeenCalled();
    expect(newer.revokeRefreshToken).toHaveBeenCalledWith('refresh-1');
  });

  it("revokes, then uses Cognito's /logout when a Cognito domain is configured", async () => {
    const cognito = { ...OIDC, cognitoDomain: 'https://example.auth.eu-west-1.amazoncognito.com' };
    const userManager = fakeUserManager(null);
    const { session, redirect } = setup(SIGNED_IN, userManager, cognito);
    const order = recordOrder(userManager, redirect);
    await session.endSession(ENDED);
    expect(order).toEqual(['removeUser', 'revoke refresh-1', 'redirect']);
    expect(userManager.signoutRedirect).not.toHaveBeenCalled();
    expect(redirect).toHaveBeenCalledWith(
      'https://example.auth.eu-west-1.amazoncognito.com/logout?client_id=client-1&logout_uri=https%3A%2F%2Fapp.example.com%2F',
    );
  });

  it.each([
    ['tokens that are not JSON', '{not json'],
    ['tokens without a refresh token', oidcUser({ refreshToken: '' }).toStorageString()],
  ])('has nothing to revoke in %s, and still ends the provider session', async (_what, stored) => {
    const userManager = fakeUserManager(null);
    const { session } = setup(SIGNED_IN, userManager);
    await session.endSession(stored);
    expect(userManager.revokeRefreshToken).not.toHaveBeenCalled();
    expect(userManager.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(takeCarriedNotices()).toEqual([]);
  });

  it('has nothing to revoke when nothing was stored, and still ends the provider session', async () => {
    const userManager = fakeUserManager(null);
    const { session } = setup(SIGNED_IN, userManager);
    await session.endSession(null);
    expect(userManager.revokeRefreshToken).not.toHaveBeenCalled();
    expect(userManager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: undefined });
    expect(notices).toEqual([]);
    expect(takeCarriedNotices()).toEqual([]);
  });

  it.each([null, 'https://example.auth.eu-west-1.amazoncognito.com'])(
    'after a failed revocation still signs out here and at the provider (Cognito domain %s); the notice waits for the way back',
    async (cognitoDomain) => {
      const userManager = fakeUserManager(null);
      const { session, redirect } = setup(SIGNED_IN, userManager, { ...OIDC, cognitoDomain });
      const order = recordOrder(userManager, redirect);
      userManager.revokeRefreshToken.mockRejectedValue(new Error('Internal Server Error (500)'));
      await session.endSession(ENDED);
      expect(order).toEqual(['removeUser', cognitoDomain ? 'redirect' : 'signoutRedirect']);
      // The provider's page replaces the app now, so the notice is shown when the app starts again.
      expect(notices).toEqual([]);
      expect(takeCarriedNotices()).toEqual([AUTH_NOTICES.signOutIncomplete]);
      expect(takeCarriedNotices()).toEqual([]);
    },
  );

  const refusing = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };

  it.each([
    ['unavailable', refusing],
    ['refusing writes', () => ({ getItem: () => null, setItem: refusing, removeItem: refusing })],
  ])(
    'after a failed revocation says so at once when this tab cannot keep the notice (storage %s)',
    async (_what, storage) => {
      vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(storage as unknown as () => Storage);
      const userManager = fakeUserManager(null);
      const order = recordOrder(userManager);
      userManager.revokeRefreshToken.mockRejectedValue(new Error('Internal Server Error (500)'));
      const { session } = setup(SIGNED_IN, userManager);
      await session.endSession(ENDED);
      expect(order).toEqual(['removeUser', 'signoutRedirect']);
      expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.signOutIncomplete']);
    },
  );

  it('does not wait for ever on a revocation endpoint that never answers', async () => {
    vi.useFakeTimers();
    try {
      const userManager = fakeUserManager(null);
      userManager.revokeRefreshToken.mockReturnValue(new Promise<void>(() => undefined));
      const { session } = setup(SIGNED_IN, userManager);
      const ended = session.endSession(ENDED);
      await vi.advanceTimersByTimeAsync(REVOKE_TIMEOUT_MS - 1);
      expect(userManager.signoutRedirect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await ended;
      expect(userManager.removeUser).toHaveBeenCalled();
      expect(userManager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
      expect(takeCarriedNotices()).toEqual([AUTH_NOTICES.signOutIncomplete]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so at once when the provider session could not be ended', async () => {
    const userManager = fakeUserManager(null);
    userManager.signoutRedirect.mockRejectedValue(new Error('Failed to fetch'));
    const { session } = setup(SIGNED_IN, userManager);
    await session.endSession(ENDED);
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.signOutIncomplete']);
    expect(takeCarriedNotices()).toEqual([]);
  });

  it('says at once every notice kept for the way back when the provider cannot be reached', async () => {
    carryNotice('callbackIgnored');
    const userManager = fakeUserManager(null);
    userManager.signoutRedirect.mockRejectedValue(new Error('Failed to fetch'));
    const { session } = setup(SIGNED_IN, userManager);
    await session.endSession(ENDED);
    expect(notices.map((notice) => notice.messageId)).toEqual([
      'snxt.auth.callbackIgnored',
      'snxt.auth.signOutIncomplete',
    ]);
    expect(takeCarriedNotices()).toEqual([]);
  });

  it('says so once when neither the revocation nor the provider sign-out worked', async () => {
    const userManager = fakeUserManager(null);
    userManager.revokeRefreshToken.mockRejectedValue(new Error('Failed to fetch'));
    userManager.signoutRedirect.mockRejectedValue(new Error('Failed to fetch'));
    const { session } = setup(SIGNED_IN, userManager);
    await session.endSession(ENDED);
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.signOutIncomplete']);
    expect(takeCarriedNotices()).toEqual([]);
  });

  it('says so once when neither worked and the notice kept for the way back cannot be dropped', async () => {
    const kept = new Map<string, string>();
    vi.spyOn(window, 'sessionStorage', 'get').mockReturnValue({
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: refusing,
    } as unknown as Storage);
    const userManager = fakeUserManager(null);
    userManager.revokeRefreshToken.mockRejectedValue(new Error('Failed to fetch'));
    userManager.signoutRedirect.mockRejectedValue(new Error('Failed to fetch'));
    const { session } = setup(SIGNED_IN, userManager);
    await expect(session.endSession(ENDED)).resolves.toBeUndefined();
    expect(notices.map((notice) => notice.messageId)).toEqual(['snxt.auth.signOutIncomplete']);
  });
});

describe('tokens left behind by a sign-out that could not finish', () => {
  it('have their refresh token revoked under the renewal lock, without a provider round trip or a notice', async () => {
    const userManager = fakeUserManager(null);
    const { session, redirect } = setup(null, userManager);
    const held = await locksTakenBy(() => session.revokeLeftover(oidcUser().toStorageString()));
    expect(held).toEqual([RENEW_LOCK_NAME]);
    expect(userManager.revokeRefreshToken).toHaveBeenCalledWith('refresh-1');
    expect(userManager.signoutRedirect).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('stay quiet when the provider cannot be reached', async () => {
    const userManager = fakeUserManager(null);
    userManager.revokeRefreshToken.mockRejectedValue(new Error('Failed to fetch'));
    await setup(null, userManager).session.revokeLeftover(oidcUser().toStorageString());
    expect(notices).toEqual([]);
  });
});

describe('the ID token for AWS credentials', () => {
  it('is the stored ID token with its verified issuer', async () => {
    const { session } = setup(SIGNED_IN, fakeUserManager(oidcUser()));
    await expect(session.idToken()).resolves.toEqual({ token: 'id-1', issuer: OIDC.authority });
  });

  it('is none without a stored session, or one without an ID token', async () => {
    expect(await setup(SIGNED_IN, fakeUserManager(null)).session.idToken()).toBeNull();
    const withoutIdToken = oidcUser();
    withoutIdToken.id_token = undefined;
    expect(await setup(SIGNED_IN, fakeUserManager(withoutIdToken)).session.idToken()).toBeNull();
  });
});
