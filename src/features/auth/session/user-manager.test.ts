import { InMemoryWebStorage, User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OidcEnv } from '../../../config/env';
import { locksTakenBy } from '../../../test/locks';
import { TEST_OIDC } from '../../../test/oidc';
import { RENEW_LOCK_NAME, CrossTabUserManager, userManagerSettings } from './user-manager';

const OIDC = TEST_OIDC;

function storedUser(expiresIn: number, refreshToken = 'refresh-1') {
  return new User({
    access_token: 'access-1',
    refresh_token: refreshToken,
    token_type: 'Bearer',
    profile: { sub: 'user-1', iss: OIDC.authority, aud: OIDC.clientId, exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
  });
}

async function managerWith(user: User | null, oidc: OidcEnv = OIDC, storage = new InMemoryWebStorage()) {
  const manager = new CrossTabUserManager({
    ...userManagerSettings(oidc, 'https://app.example.com', storage),
    automaticSilentRenew: false,
  });
  if (user) await manager.storeUser(user);
  return manager;
}

describe('userManagerSettings', () => {
  it('configures the code flow with the app origin as redirect and sign-out URIs, refresh-token renewal, no session iframe', () => {
    const settings = userManagerSettings(OIDC, 'https://app.example.com', new InMemoryWebStorage());
    expect(settings).toMatchObject({
      authority: OIDC.authority,
      client_id: 'client-1',
      scope: 'email profile openid',
      response_type: 'code',
      redirect_uri: 'https://app.example.com/',
      post_logout_redirect_uri: 'https://app.example.com/',
      automaticSilentRenew: true,
      monitorSession: false,
    });
    expect(settings.disablePKCE).toBeFalsy();
    // When the user signed in stays with the tokens (the profile page shows it); other protocol claims go.
    expect(settings.filterProtocolClaims).toEqual(expect.arrayContaining(['nonce', 'at_hash', 'jti']));
    expect(settings.filterProtocolClaims).not.toContain('auth_time');
    expect(settings.userStore).toBeDefined();
  });
});

describe('CrossTabUserManager.signinSilent', () => {
  it('renews through the refresh token while holding the cross-tab lock', async () => {
    const manager = await managerWith(storedUser(30));
    const renewed = storedUser(3600);
    const refresh = vi.spyOn(UserManager.prototype, 'signinSilent').mockResolvedValue(renewed);
    const held = await locksTakenBy(() => expect(manager.signinSilent()).resolves.toBe(renewed));
    expect(held).toEqual([RENEW_LOCK_NAME]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps the tokens another tab renewed while this one waited for the lock', async () => {
    const manager = await managerWith(storedUser(3600));
    const refresh = vi.spyOn(UserManager.prototype, 'signinSilent');
    const user = await manager.signinSilent();
    expect(user?.access_token).toBe('access-1');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('never falls back to an iframe: without a refresh token renewal fails', async () => {
    const manager = await managerWith(storedUser(-10, ''));
    const refresh = vi.spyOn(UserManager.prototype, 'signinSilent');
    await expect(manager.signinSilent()).rejects.toThrow(/refresh token/);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('fails when no session is stored', async () => {
    const manager = await managerWith(null);
    await expect(manager.signinSilent()).rejects.toThrow(/refresh token/);
  });
});

describe('CrossTabUserManager.renewAccessToken (an API refused the token)', () => {
  it('renews a token that has not expired yet, through the refresh token, while holding the cross-tab lock', async () => {
    const manager = await managerWith(storedUser(3600));
    const renewed = storedUser(3600);
    const refresh = vi.spyOn(UserManager.prototype, 'signinSilent').mockResolvedValue(renewed);
    const held = await locksTakenBy(() => expect(manager.renewAccessToken('access-1')).resolves.toBe(renewed));
    expect(held).toEqual([RENEW_LOCK_NAME]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps a token another tab (or an earlier renewal) put in place of the refused one', async () => {
    const manager = await managerWith(storedUser(3600));
    const refresh = vi.spyOn(UserManager.prototype, 'signinSilent');
    const user = await manager.renewAccessToken('an-older-token');
    expect(user?.access_token).toBe('access-1');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('renews an expired token even when it is not the refused one', async () => {
    const manager = await managerWith(storedUser(-10));
    const refresh = vi.spyOn(UserManager.prototype, 'signinSilent').mockResolvedValue(storedUser(3600));
    await manager.renewAccessToken('an-older-token');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('fails without a refresh token or a session', async () => {
    const refresh = vi.spyOn(UserManager.prototype, 'signinSilent');
    await expect((await managerWith(storedUser(3600, ''))).renewAccessToken('access-1')).rejects.toThrow(
      /refresh token/,
    );
    await expect((await managerWith(null)).renewAccessToken('access-1')).rejects.toThrow(/refresh token/);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('revoking the refresh token at Logout', () => {
  const COGNITO_DOMAIN = 'https://example.auth.eu-west-1.amazoncognito.com';

  /** The provider over fetch: a discovery document, and a revocation endpoint answering like RFC 7009 allows. */
  function provider(discovery: Record<string, string>) {
    const revoked: { url: string; body: URLSearchParams }[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/.well-known/openid-configuration')) return Response.json(discovery);
      if (init?.method === 'POST' && url.endsWith('/oauth2/revoke')) {
        revoked.push({ url, body: new URLSearchParams(String(init.body)) });
        // An empty 200 (oidc-provider sends it as text/plain): the body of the answer means nothing.
        return new Response('', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      }
      return new Response('not found', { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);
    return { revoked };
  }

  afterEach(() => vi.unstubAllGlobals());

  it("posts the refresh token to the discovery document's revocation endpoint, with no stored user needed and none stored", async () => {
    const { revoked } = provider({
      issuer: OIDC.authority,
      revocation_endpoint: `${OIDC.authority}/oauth2/revoke`,
    });
    const manager = await managerWith(null);
    await manager.revokeRefreshToken('refresh-1');
    await expect(manager.getUser()).resolves.toBeNull();
    expect(revoked).toHaveLength(1);
    expect(revoked[0]?.url).toBe(`${OIDC.authority}/oauth2/revoke`);
    expect(Object.fromEntries(revoked[0]!.body)).toEqual({
      token: 'refresh-1',
      token_type_hint: 'refresh_token',
      client_id: 'client-1',
    });
  });

  it("uses Cognito's /oauth2/revoke, which Cognito's discovery document does not list", async () => {
    const { revoked } = provider({ issuer: OIDC.authority });
    const manager = await managerWith(null, { ...OIDC, cognitoDomain: COGNITO_DOMAIN });
    await manager.revokeRefreshToken('refresh-1');
    expect(revoked.map((request) => request.url)).toEqual([`${COGNITO_DOMAIN}/oauth2/revoke`]);
    expect(revoked[0]?.body.get('token')).toBe('refresh-1');
  });
});

describe('a renewal that ends after a sign-out (in this tab or another)', () => {
  const KEY = `oidc.user:${OIDC.authority}:${OIDC.clientId}`;

  /** The provider: its token endpoint answers a refresh with `refreshToken` once `meanwhile` (another tab) has run. */
  function tokenEndpoint(meanwhile: () => void, refreshToken = 'refresh-1') {
    const revoked: (string | null)[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/.well-known/openid-configuration')) {
        return Response.json({
          issuer: OIDC.authority,
          token_endpoint: `${OIDC.authority}/oauth2/token`,
          revocation_endpoint: `${OIDC.authority}/oauth2/revoke`,
        });
      }
      if (url.endsWith('/oauth2/token')) {
        meanwhile();
        return Response.json({
          access_token: 'access-2',
          refresh_token: refreshToken,
          token_type: 'Bearer',
          expires_in: 3600,
        });
      }
      if (url.endsWith('/oauth2/revoke')) {
        revoked.push(new URLSearchParams(String(init?.body)).get('token'));
        return new Response('');
      }
      return new Response('not found', { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);
    return { revoked };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('keeps the answer while the session it renewed is still the stored one', async () => {
    const storage = new InMemoryWebStorage();
    const manager = await managerWith(storedUser(30), OIDC, storage);
    tokenEndpoint(() => undefined);
    expect((await manager.signinSilent())?.access_token).toBe('access-2');
    expect(JSON.parse(storage.getItem(KEY)!).access_token).toBe('access-2');
  });

  it.each([
    ['the automatic renewal', (manager: CrossTabUserManager) => manager.signinSilent()],
    ['the renewal of a refused token', (manager: CrossTabUserManager) => manager.renewAccessToken('access-1')],
  ])('%s drops its answer when the session was signed out meanwhile: nothing is stored again', async (_what, renew) => {
    const storage = new InMemoryWebStorage();
    const manager = await managerWith(storedUser(30), OIDC, storage);
    tokenEndpoint(() => storage.removeItem(KEY));
    await expect(renew(manager)).resolves.toBeNull();
    expect(storage.getItem(KEY) ?? null).toBeNull();
    await expect(manager.getUser()).resolves.toBeNull();
  });

  it("leaves a newer sign-in's tokens (another tab) as they are", async () => {
    const storage = new InMemoryWebStorage();
    const manager = await managerWith(storedUser(30), OIDC, storage);
    const newer = storedUser(3600, 'refresh-of-a-new-sign-in').toStorageString();
    tokenEndpoint(() => storage.setItem(KEY, newer));
    await expect(manager.signinSilent()).resolves.toBeNull();
    expect(storage.getItem(KEY)).toBe(newer);
  });

  it('revokes the new refresh token of a dropped answer (a provider that rotates them)', async () => {
    const storage = new InMemoryWebStorage();
    const manager = await managerWith(storedUser(30), OIDC, storage);
    const { revoked } = tokenEndpoint(() => storage.removeItem(KEY), 'refresh-2');
    await expect(manager.signinSilent()).resolves.toBeNull();
    await vi.waitFor(() => expect(revoked).toEqual(['refresh-2']));
    expect(storage.getItem(KEY) ?? null).toBeNull();
  });
});
