// @vitest-environment node
import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEMO_ACCOUNT, OUTSIDER_ACCOUNT, startOidcProvider } from './oidc-provider.mjs';

const APP = 'http://127.0.0.1:4173/';
const OTHER_APP = 'http://localhost:4173/';
const APP_ORIGIN = new URL(APP).origin;

type Discovery = Record<string, string | string[] | undefined> & {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
};

type TokenResponse = {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
};

/** The cookies of one "browser" (paths and expiry are ignored, deleted cookies are dropped). */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute.trim()));
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get size(): number {
    return this.#cookies.size;
  }
}

async function browserGet(jar: CookieJar, url: string): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.store(response);
  return response;
}

async function browserPost(jar: CookieJar, url: string, form: Record<string, string>): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  jar.store(response);
  return response;
}

function location(response: Response, base: string): string {
  expect([302, 303]).toContain(response.status);
  const value = response.headers.get('location');
  expect(value).toBeTruthy();
  return new URL(value!, base).href;
}

/** Follows provider redirects until leaving the provider (the app) or reaching a page. */
async function follow(jar: CookieJar, issuer: string, url: string): Promise<{ url: string; response?: Response }> {
  let current = url;
  for (let hops = 0; hops < 10; hops += 1) {
    if (!current.startsWith(issuer)) return { url: current };
    const response = await browserGet(jar, current);
    if (![302, 303].includes(response.status)) return { url: current, response };
    current = location(response, current);
  }
  throw new Error('too many redirects');
}

function createPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function decodeJwt(jwt: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = jwt
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
  return { header, payload };
}

function formOf(html: string): { action: string; inputs: Record<string, string> } {
  const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeTruthy();
  const inputs = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name, value]),
  );
  return { action: action!.replaceAll('&amp;', '&'), inputs };
}

describe('local OIDC provider (Cognito-like)', () => {
  let op: Awaited<ReturnType<typeof startOidcProvider>>;
  let discovery: Discovery;
  const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(() => undefined),
  );

  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [APP, OTHER_APP] });
    discovery = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Discovery;
  });

  afterAll(async () => {
    await op?.close();
    for (const spy of consoleSpies) spy.mockRestore();
  });

  function authorizeUrl(params: Record<string, string>): string {
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: op.clientId,
      redirect_uri: APP,
      response_type: 'code',
      scope: 'openid email profile',
      state: randomBytes(8).toString('hex'),
      ...params,
    }).toString();
    return url.href;
  }

  /** Starts an authorization request with PKCE; resolves to where the browser ends up. */
  async function authorize(jar: CookieJar, pkce = createPkce()) {
    const state = randomBytes(8).toString('hex');
    const nonce = randomBytes(8).toString('hex');
    const result = await follow(
      jar,
      op.issuer,
      authorizeUrl({ state, nonce, code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
    );
    return { ...result, state, nonce, pkce };
  }

  async function submitSignIn(jar: CookieJar, signInUrl: string, email: string, password: string) {
    return browserPost(jar, new URL(`${new URL(signInUrl).pathname}/login`, op.issuer).href, { email, password });
  }

  async function tokenRequest(form: Record<string, string>, origin = APP_ORIGIN): Promise<Response> {
    return fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ client_id: op.clientId, ...form }),
    });
  }

  /** Signs the demo user (or another account) in from scratch and exchanges the code. */
  async function signIn(jar = new CookieJar(), account: { email: string; password: string } = DEMO_ACCOUNT) {
    const { url, response, pkce, state } = await authorize(jar);
    expect(response?.status).toBe(200);
    const signedIn = await submitSignIn(jar, url, account.email, account.password);
    const callback = new URL((await follow(jar, op.issuer, location(signedIn, url))).url);
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = (await (
      await tokenRequest({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: APP,
        code_verifier: pkce.verifier,
      })
    ).json()) as TokenResponse;
    return { jar, tokens };
  }

  it('publishes discovery with Cognito-like endpoints, S256 PKCE and open CORS', async () => {
    expect(op.issuer).toBe(`http://127.0.0.1:${op.port}`);
    expect(op.clientId).toBe('snxt-local');
    expect(discovery).toMatchObject({
      issuer: op.issuer,
      authorization_endpoint: `${op.issuer}/oauth2/authorize`,
      token_endpoint: `${op.issuer}/oauth2/token`,
      userinfo_endpoint: `${op.issuer}/oauth2/userInfo`,
      jwks_uri: `${op.issuer}/.well-known/jwks.json`,
      end_session_endpoint: `${op.issuer}/session/end`,
      revocation_endpoint: `${op.issuer}/oauth2/revoke`,
      response_types_supported: ['code'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(discovery.code_challenge_methods_supported).toContain('S256');
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(discovery.scopes_supported).not.toContain('offline_access');
    expect(discovery.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));

    for (const url of [`${op.issuer}/.well-known/openid-configuration`, discovery.jwks_uri]) {
      const response = await fetch(url, { headers: { origin: APP_ORIGIN } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    }
  });

  it('refuses authorization requests without S256 PKCE', async () => {
    const withoutS256: Record<string, string>[] = [
      {},
      { code_challenge: createPkce().verifier, code_challenge_method: 'plain' },
    ];
    for (const pkceParams of withoutS256) {
      const response = await fetch(authorizeUrl({ state: 'no-pkce', ...pkceParams }), { redirect: 'manual' });
      const callback = new URL(location(response, op.issuer));
      expect(`${callback.origin}${callback.pathname}`).toBe(APP);
      expect(callback.searchParams.get('error')).toBe('invalid_request');
      expect(callback.searchParams.get('state')).toBe('no-pkce');
      expect(callback.searchParams.get('code')).toBeNull();
    }
  });

  it('signs in with the form, issues tokens and refreshes them', async () => {
    const jar = new CookieJar();
    const { url, response, pkce, state, nonce } = await authorize(jar);

    // The sign-in form.
    expect(url).toMatch(new RegExp(`^${op.issuer}/interaction/`));
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toMatch(/text\/html/);
    const form = await response!.text();
    expect(form).toContain('<h1>Sign in</h1>');
    expect(form).toMatch(/<label for="email">Email<\/label>/);
    expect(form).toMatch(/<label for="password">Password<\/label>/);
    expect(form).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(form).not.toContain('Incorrect email or password.');

    // A wrong password re-renders the form with the error.
    const wrong = await submitSignIn(jar, url, DEMO_ACCOUNT.email, 'wrong-password');
    expect(wrong.status).toBe(200);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('Incorrect email or password.');
    expect(wrongHtml).toContain('<h1>Sign in</h1>');
    expect(wrongHtml).toContain(`value="${DEMO_ACCOUNT.email}"`);

    // The right one goes back to the app with a code and the state.
    const signedIn = await submitSignIn(jar, url, DEMO_ACCOUNT.email.toUpperCase(), DEMO_ACCOUNT.password);
    const callback = new URL((await follow(jar, op.issuer, location(signedIn, url))).url);
    expect(`${callback.origin}${callback.pathname}`).toBe(APP);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(op.issuer);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    // Code exchange with the verifier and no client secret, from the app's origin.
    const tokenResponse = await tokenRequest({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: APP,
      code_verifier: pkce.verifier,
    });
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const tokens = (await tokenResponse.json()) as TokenResponse;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope.split(' ').sort()).toEqual(['email', 'openid', 'profile']);

    // The ID token carries the profile claims and is signed with the published RS256 key.
    const { header, payload } = decodeJwt(tokens.id_token);
    expect(header.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: op.issuer,
      aud: op.clientId,
      sub: DEMO_ACCOUNT.sub,
      nonce,
      email: DEMO_ACCOUNT.email,
      email_verified: true,
      name: DEMO_ACCOUNT.name,
      given_name: 'Demo',
      family_name: 'User',
      'cognito:groups': ['snxt-demo-users', 'snxt-editors'],
    });
    // When the user signed in, as Cognito's ID tokens say (seconds; the test signed in just now).
    expect(payload.auth_time).toBeGreaterThan(Date.now() / 1000 - 60);
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const jwk = jwks.keys.find((key) => key.kid === header.kid);
    expect(jwk).toBeDefined();
    const [encodedHeader = '', encodedPayload = '', signature = ''] = tokens.id_token.split('.');
    const publicKey = createPublicKey({ key: jwk!, format: 'jwk' });
    const signed = Buffer.from(`${encodedHeader}.${encodedPayload}`);
    expect(verify('RSA-SHA256', signed, publicKey, Buffer.from(signature, 'base64url'))).toBe(true);

    // Userinfo, from the app's origin.
    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}`, origin: APP_ORIGIN },
    });
    expect(userinfo.status).toBe(200);
    expect(userinfo.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(await userinfo.json()).toEqual({
      sub: DEMO_ACCOUNT.sub,
      email: DEMO_ACCOUNT.email,
      email_verified: true,
      name: DEMO_ACCOUNT.name,
      given_name: 'Demo',
      family_name: 'User',
    });

    // Refresh grant: new access and ID tokens; the refresh token is not rotated (Cognito's default).
    const refreshResponse = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refreshResponse.status).toBe(200);
    expect(refreshResponse.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const refreshed = (await refreshResponse.json()) as TokenResponse;
    expect(refreshed.access_token).toBeTruthy();
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(decodeJwt(refreshed.id_token).payload).toMatchObject({
      sub: DEMO_ACCOUNT.sub,
      email: DEMO_ACCOUNT.email,
      auth_time: payload.auth_time,
    });
    expect(refreshed.refresh_token ?? tokens.refresh_token).toBe(tokens.refresh_token);
    const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(again.status).toBe(200);

    // While the provider session lasts, a new authorization request skips the form (single sign-on).
    const silent = await authorize(jar);
    expect(new URL(silent.url).searchParams.get('code')).toBeTruthy();

    // The code is single-use; replaying it revokes what it produced (standard oidc-provider behaviour).
    const replay = await tokenRequest({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: APP,
      code_verifier: pkce.verifier,
    });
    expect(replay.status).toBe(400);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })).status).toBe(
      400,
    );
  });

  it('has a second account, in no group: its ID token carries no cognito:groups, like Cognito', async () => {
    expect(OUTSIDER_ACCOUNT).toMatchObject({ email: 'outsider@snxt.dev', groups: [] });
    const { tokens } = await signIn(new CookieJar(), OUTSIDER_ACCOUNT);
    const { payload } = decodeJwt(tokens.id_token);
    expect(payload).toMatchObject({
      sub: OUTSIDER_ACCOUNT.sub,
      email: OUTSIDER_ACCOUNT.email,
      name: OUTSIDER_ACCOUNT.name,
    });
    expect(payload).not.toHaveProperty('cognito:groups');
    expect(OUTSIDER_ACCOUNT.sub).not.toBe(DEMO_ACCOUNT.sub);
  });

  it('names both accounts on its sign-in page, and refuses one with the other’s password', async () => {
    const jar = new CookieJar();
    const { url, response } = await authorize(jar);
    const form = await response!.text();
    expect(form).toContain(DEMO_ACCOUNT.email);
    expect(form).toContain(OUTSIDER_ACCOUNT.email);
    const wrong = await submitSignIn(jar, url, OUTSIDER_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect(await wrong.text()).toContain('Incorrect email or password.');
  });

  it('ends the session with Cognito-style GET /logout', async () => {
    const { jar, tokens } = await signIn();
    const logoutUrl = (params: Record<string, string>) => `${op.issuer}/logout?${new URLSearchParams(params)}`;

    // Bad requests: 400 with a short text, the session survives.
    const badRequests: Record<string, string>[] = [
      { client_id: op.clientId, logout_uri: 'http://127.0.0.1:9999/' },
      { client_id: op.clientId, logout_uri: 'http://127.0.0.1:4173' },
      { client_id: 'someone-else', logout_uri: APP },
      { logout_uri: APP },
      { client_id: op.clientId },
    ];
    for (const params of badRequests) {
      const response = await browserGet(jar, logoutUrl(params));
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/text\/plain/);
      expect(await response.text()).toMatch(/logout_uri/);
    }
    expect(new URL((await authorize(jar)).url).searchParams.get('code')).toBeTruthy();

    // A registered logout_uri: back to the app, and the next authorization request shows the form.
    const response = await browserGet(jar, logoutUrl({ client_id: op.clientId, logout_uri: OTHER_APP }));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(OTHER_APP);
    const next = await authorize(jar);
    expect(next.url).toMatch(new RegExp(`^${op.issuer}/interaction/`));
    expect(await next.response!.text()).toContain('<label for="email">Email</label>');

    // As with Cognito, signing out of the hosted UI does not revoke tokens.
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refreshed.status).toBe(200);
  });

  it('ends the session with standard RP-initiated logout, without a confirmation click', async () => {
    const { jar, tokens } = await signIn();
    const endSession = new URL(discovery.end_session_endpoint);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: APP,
      state: 'bye',
    }).toString();

    const page = await browserGet(jar, endSession.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<script>document\.forms\[0\]\.submit\(\);<\/script>/);
    const { action, inputs } = formOf(html);
    expect(inputs).toMatchObject({ logout: 'yes' });
    expect(inputs.xsrf).toBeTruthy();

    const confirmed = await browserPost(jar, action, inputs);
    const back = new URL(location(confirmed, action));
    expect(`${back.origin}${back.pathname}`).toBe(APP);
    expect(back.searchParams.get('state')).toBe('bye');

    const next = await authorize(jar);
    expect(next.url).toMatch(new RegExp(`^${op.issuer}/interaction/`));
    expect(await next.response!.text()).toContain('<h1>Sign in</h1>');

    // Without a post_logout_redirect_uri the provider shows its own "Signed out" page.
    const bare = await browserGet(jar, discovery.end_session_endpoint);
    const bareForm = formOf(await bare.text());
    const done = await browserPost(jar, bareForm.action, bareForm.inputs);
    const success = await browserGet(jar, location(done, bareForm.action));
    expect(success.status).toBe(200);
    expect(await success.text()).toContain('<h1>Signed out</h1>');
  });

  it('allows CORS on the token endpoint for the registered origins only', async () => {
    for (const origin of [APP_ORIGIN, new URL(OTHER_APP).origin]) {
      const preflight = await fetch(discovery.token_endpoint, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    }

    const { tokens } = await signIn();
    const foreign = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! },
      'http://evil.test',
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! },
      new URL(OTHER_APP).origin,
    );
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(new URL(OTHER_APP).origin);
  });

  it('renders errors as a small HTML page', async () => {
    const response = await fetch(authorizeUrl({ client_id: 'unknown-client' }), {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<h1>Something went wrong</h1>');
    expect(html).toContain('invalid_client');

    const expired = await fetch(`${op.issuer}/interaction/does-not-exist`, { redirect: 'manual' });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('<h1>Something went wrong</h1>');
  });

  it('renews short-lived access tokens with the refresh token', async () => {
    // The provider tells the time by Date: it stands still until the test moves it past a token's life (a busy
    // machine once spent a renewed token's second before its first use).
    vi.useFakeTimers({ toFake: ['Date'] });
    const shortLived = await startOidcProvider({ redirectUris: [APP], accessTokenTtl: 1 });
    try {
      const config = (await (await fetch(`${shortLived.issuer}/.well-known/openid-configuration`)).json()) as Discovery;
      const jar = new CookieJar();
      const pkce = createPkce();
      const start = new URL(config.authorization_endpoint);
      start.search = new URLSearchParams({
        client_id: shortLived.clientId,
        redirect_uri: APP,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }).toString();
      const form = await follow(jar, shortLived.issuer, start.href);
      const signedIn = await browserPost(jar, `${form.url}/login`, {
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
      });
      const callback = new URL((await follow(jar, shortLived.issuer, location(signedIn, form.url))).url);
      const exchange = async (body: Record<string, string>) =>
        (await (
          await fetch(config.token_endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ client_id: shortLived.clientId, ...body }),
          })
        ).json()) as TokenResponse;
      const tokens = await exchange({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: APP,
        code_verifier: pkce.verifier,
      });
      expect(tokens.expires_in).toBe(1);
      const idToken = decodeJwt(tokens.id_token).payload as { exp: number; iat: number };
      expect(idToken.exp - idToken.iat).toBe(1);

      vi.setSystemTime(Date.now() + 2_100);
      const userinfo = (token: string) =>
        fetch(config.userinfo_endpoint, { headers: { authorization: `Bearer ${token}` } });
      expect((await userinfo(tokens.access_token)).status).toBe(401);

      const renewed = await exchange({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
      expect(renewed.expires_in).toBe(1);
      expect((await userinfo(renewed.access_token)).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await shortLived.close();
    }
  });

  it('stays quiet on the console', () => {
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});
