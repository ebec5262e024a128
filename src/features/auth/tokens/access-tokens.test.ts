import { User } from 'oidc-client-ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as report from '../../../lib/notice-bus';
import { createMemoryStorage } from '../../../lib/storage';
import { AuthModel } from '../auth-model';
import { TEST_OIDC } from '../../../test/oidc';
import { sessionWiring } from '../../../test/user-manager';
import { connectSession } from '../session/session';
import type { TokenUserManager } from './access-tokens';

const built = vi.hoisted(() => ({ userManager: null as unknown }));
vi.mock('../session/user-manager', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../session/user-manager')>()),
  CrossTabUserManager: function CrossTabUserManager() {
    return built.userManager;
  },
}));

const SIGNED_IN = { isAuthenticated: true, user: { sub: 'user-1', name: 'Ada' } };

const storedUser = (accessToken: string, expiresIn: number | undefined) =>
  new User({
    access_token: accessToken,
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    profile: { sub: 'user-1', iss: TEST_OIDC.authority, aud: TEST_OIDC.clientId, exp: 0, iat: 0 },
    expires_at: expiresIn === undefined ? undefined : Math.floor(Date.now() / 1000) + expiresIn,
  });

/** The connected session's tokens and auth model around a UserManager holding `stored`, renewing to `access-2`. */
function setup(stored: User | null) {
  const wiring = sessionWiring();
  const userManager = {
    getUser: vi.fn(async () => stored),
    renewAccessToken: vi.fn(async (): Promise<User | null> => (stored = storedUser('access-2', 3600))),
    // As oidc-client-ts removes it: the User unloaded.
    removeUser: vi.fn(async () => {
      stored = null;
      wiring.raise.unloaded();
    }),
  } satisfies TokenUserManager & { removeUser: unknown };
  const auth = new AuthModel({ stored: SIGNED_IN, storage: createMemoryStorage() });
  built.userManager = { ...userManager, ...wiring };
  const { tokens } = connectSession(auth, createMemoryStorage(), TEST_OIDC, 'https://app.example.com');
  return { tokens, userManager, auth };
}

let notices: string[];
beforeEach(() => {
  notices = [];
  vi.spyOn(report, 'reportNotice').mockImplementation((notice) => void notices.push(notice.messageId));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('the token to send now', () => {
  it('is the stored access token while it is valid', async () => {
    const { tokens, userManager } = setup(storedUser('access-1', 3600));
    await expect(tokens.current()).resolves.toEqual({ token: 'access-1', sub: 'user-1' });
    expect(userManager.renewAccessToken).not.toHaveBeenCalled();
  });

  it('is none without a stored session', async () => {
    const { tokens } = setup(null);
    await expect(tokens.current()).resolves.toBeNull();
  });

  it.each([
    ['has expired', -10],
    ['expires within a minute (a tab that slept through the automatic renewal)', 30],
  ])('is renewed before sending when the stored one %s', async (_when, expiresIn) => {
    const { tokens, userManager } = setup(storedUser('access-1', expiresIn));
    await expect(tokens.current()).resolves.toEqual({ token: 'access-2', sub: 'user-1' });
    expect(userManager.renewAccessToken).toHaveBeenCalledExactlyOnceWith('access-1');
  });

  it('is sent as it is when its expiry is unknown (an API refusing it starts the renewal)', async () => {
    const { tokens, userManager } = setup(storedUser('access-1', undefined));
    await expect(tokens.current()).resolves.toEqual({ token: 'access-1', sub: 'user-1' });
    expect(userManager.renewAccessToken).not.toHaveBeenCalled();
  });

  it('is none, and the user signed out with the notice, when the renewal before sending fails', async () => {
    const { tokens, userManager, auth } = setup(storedUser('access-1', -10));
    userManager.renewAccessToken.mockRejectedValue(new Error('invalid_grant'));
    await expect(tokens.current()).resolves.toBeNull();
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(userManager.removeUser).toHaveBeenCalled();
    expect(notices).toEqual(['snxt.auth.sessionExpired']);
  });
});

describe('a refused token', () => {
  it('is renewed', async () => {
    const { tokens, userManager, auth } = setup(storedUser('access-1', 3600));
    await expect(tokens.renew('access-1')).resolves.toEqual({ token: 'access-2', sub: 'user-1' });
    expect(userManager.renewAccessToken).toHaveBeenCalledExactlyOnceWith('access-1');
    expect(auth.state.value.isAuthenticated).toBe(true);
    expect(notices).toEqual([]);
  });

  it.each([
    ['fails', () => Promise.reject(new Error('invalid_grant'))],
    ['gives no access token', () => Promise.resolve(storedUser('', 3600))],
    ['gives no user', () => Promise.resolve(null)],
  ])('signs out with the notice when the renewal %s', async (_what, renewal) => {
    const { tokens, userManager, auth } = setup(storedUser('access-1', 3600));
    userManager.renewAccessToken.mockImplementation(renewal);
    await expect(tokens.renew('access-1')).resolves.toBeNull();
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(notices).toEqual(['snxt.auth.sessionExpired']);
  });

  it('ends the session with the notice when a renewed token is refused too', async () => {
    const { tokens, userManager, auth } = setup(storedUser('access-2', 3600));
    tokens.end('access-2');
    await vi.waitFor(() => expect(userManager.removeUser).toHaveBeenCalled());
    expect(auth.state.value.isAuthenticated).toBe(false);
    expect(notices).toEqual(['snxt.auth.sessionExpired']);
  });
});
