// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNT, OUTSIDER_ACCOUNT, startOidcProvider } from './oidc-provider.mjs';
import { relyingPartyOf } from './passkeys.mjs';
import { softwareAuthenticator } from '../../tests/support/software-authenticator';

const APP = 'http://127.0.0.1:4173/';
const CLIENT = 'snxt-local';
const REFUSED = 'That passkey could not sign you in.';

type Op = Awaited<ReturnType<typeof startOidcProvider>>;

/** One browser: its cookies (name → value) for the provider, and requests as its pages make them. */
function browser(op: Op) {
  const cookies = new Map<string, string>();
  let verifier = '';
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(new URL(url, op.issuer), { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value);
    }
    return response;
  };
  const post = (url: string, form: Record<string, string>, origin = op.issuer) =>
    send(url, { method: 'POST', headers: { origin }, body: new URLSearchParams(form) });
  const json = async (url: string) => (await post(url, {})).json() as Promise<Record<string, unknown>>;
  /** Login as the app starts it: the provider's sign-in page, whose interaction address is returned. */
  const startSignIn = async () => {
    verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: CLIENT,
      redirect_uri: APP,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
    });
    const authorize = await send(`/oauth2/authorize?${query}`);
    return new URL(authorize.headers.get('location')!, op.issuer).pathname;
  };
  /** Follows the provider's redirects; where they leave it (the app) or the page they stop at. */
  const follow = async (response: Response): Promise<{ url?: string; page?: string }> => {
    let current = response;
    for (let hop = 0; hop < 5 && [302, 303].includes(current.status); hop += 1) {
      const next = new URL(current.headers.get('location')!, op.issuer);
      if (next.origin !== op.issuer) return { url: next.href };
      current = await send(next.href);
    }
    return { page: await current.text() };
  };
  const signInWithPassword = async (account: { email: string; password: string }) => {
    const interaction = await startSignIn();
    return follow(await post(`${interaction}/login`, { email: account.email, password: account.password }));
  };
  /** The app's code exchange; the ID token's `sub`. */
  const subOf = async (appUrl: string) => {
    const code = new URL(appUrl).searchParams.get('code')!;
    const form = {
      grant_type: 'authorization_code',
      client_id: CLIENT,
      code,
      redirect_uri: APP,
      code_verifier: verifier,
    };
    const token = await fetch(`${op.issuer}/oauth2/token`, { method: 'POST', body: new URLSearchParams(form) });
    const { id_token: idToken } = (await token.json()) as { id_token: string };
    return JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
  };
  return { send, post, json, startSignIn, follow, signInWithPassword, subOf };
}

const addQuery = (redirectUri = APP, clientId = CLIENT) =>
  `/passkeys/add?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri })}`;

/** Signed in at the provider, adds a passkey from `device` as the page would; where the provider sends it after. */
async function addPasskey(op: Op, page: ReturnType<typeof browser>, device: ReturnType<typeof softwareAuthenticator>) {
  const options = await page.json('/passkeys/add/options');
  const credential = JSON.stringify(device.register(options));
  return page.post('/passkeys/add', { client_id: CLIENT, redirect_uri: APP, credential });
}

/** "Sign in with a passkey" on a new sign-in page: what the provider answers the posted passkey with. */
async function signInWithPasskey(
  page: ReturnType<typeof browser>,
  answer: (options: Record<string, unknown>) => unknown,
) {
  const interaction = await page.startSignIn();
  const options = await page.json(`${interaction}/passkey/options`);
  return page.follow(await page.post(`${interaction}/passkey`, { credential: JSON.stringify(answer(options)) }));
}

describe('relyingPartyOf', () => {
  it('is the provider host name and origin, and none on an IP address', () => {
    expect(relyingPartyOf('http://localhost:5174')).toEqual({ id: 'localhost', origin: 'http://localhost:5174' });
    for (const issuer of ['http://127.0.0.1:5174', 'http://[::1]:5174', 'http://10.0.0.1'])
      expect(relyingPartyOf(issuer), issuer).toBeNull();
  });
});

describe('passkeys at the local provider on localhost', () => {
  let op: Op;
  beforeAll(async () => {
    op = await startOidcProvider({ host: 'localhost', redirectUris: [APP], clientId: CLIENT });
  });
  afterAll(() => op.close());

  it('offers "Sign in with a passkey" on the sign-in page, under a CSP that runs only its own scripts', async () => {
    const page = browser(op);
    const response = await page.send(await page.startSignIn());
    const html = await response.text();
    expect(html).toMatch(/<button type="submit" class="secondary">Sign in with a passkey<\/button>/);
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map(([, src]) => src);
    expect(scripts).toEqual(['/passkeys/simplewebauthn-browser.js', '/passkeys/passkeys-page.js']);
    expect(html).not.toMatch(/<script>/);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+'(;|$)/);
    expect(csp).not.toMatch(/unsafe|\*|https?:\/\/(?!127\.0\.0\.1:4173)/);
    expect(csp).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:4173;/);
  });

  it('serves @simplewebauthn/browser from node_modules as a script', async () => {
    const response = await fetch(`${op.issuer}/passkeys/simplewebauthn-browser.js`);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const main = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
    const bundle = readFileSync(join(dirname(main), '../dist/bundle/index.umd.min.js'), 'utf8');
    expect(await response.text()).toBe(bundle);
  });

  it('refuses /passkeys/add for another client or a return address not registered for it', async () => {
    const page = browser(op);
    await page.signInWithPassword(DEMO_ACCOUNT);
    for (const [redirectUri, clientId] of [
      ['https://evil.example/', CLIENT],
      ['http://127.0.0.1:4173/evil', CLIENT],
      ['http://127.0.0.1:4173', CLIENT],
      ['HTTP://127.0.0.1:4173/', CLIENT],
      ['javascript:alert(1)//http://127.0.0.1:4173/', CLIENT],
      [APP, 'other-client'],
      [APP, ''],
    ] as const) {
      const response = await page.send(addQuery(redirectUri, clientId));
      expect(response.status, `${clientId} ${redirectUri}`).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      const posted = await page.post('/passkeys/add', {
        client_id: clientId,
        redirect_uri: redirectUri,
        credential: '{}',
      });
      expect(posted.status, `POST ${clientId} ${redirectUri}`).toBe(400);
    }
    const wrongParams = await page.send(
      `/passkeys/add?client_id=${CLIENT}&redirect_uri=${APP}&redirect_uri=https://evil.example/`,
    );
    expect(wrongParams.headers.get('location')).toBeNull();
  });

  it('asks someone not signed in here to sign in first, and gives them no options', async () => {
    const page = browser(op);
    const html = await (await page.send(addQuery())).text();
    expect(html).toContain('<h1>Add a passkey</h1>');
    expect(html).toContain('You are not signed in here.');
    expect(html).not.toContain('Create passkey');
    expect((await page.post('/passkeys/add/options', {})).status).toBe(401);
  });

  it('refuses a passkey request from a page of another origin', async () => {
    const page = browser(op);
    await page.signInWithPassword(DEMO_ACCOUNT);
    expect((await page.post('/passkeys/add/options', {}, 'http://127.0.0.1:4173')).status).toBe(403);
    expect((await page.send('/passkeys/add/options', { method: 'POST' })).status).toBe(403);
  });

  it('adds a passkey to the account signed in here and returns to the app; the passkey then signs that account in', async () => {
    const page = browser(op);
    await page.signInWithPassword(DEMO_ACCOUNT);
    const html = await (await page.send(addQuery())).text();
    expect(html).toContain('<h1>Add a passkey</h1>');
    expect(html).toContain(DEMO_ACCOUNT.email);
    expect(html).toMatch(/<button type="submit">Create passkey<\/button>/);
    const device = softwareAuthenticator(op.issuer);
    const added = await addPasskey(op, page, device);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(APP);

    const later = browser(op);
    const { url } = await signInWithPasskey(later, (options) => {
      expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
      expect(options.allowCredentials ?? []).toEqual([]);
      return device.authenticate(options);
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:4173\/\?code=/);
    expect(await later.subOf(url!)).toBe(DEMO_ACCOUNT.sub);
  });

  it("refuses the passkey of one account presented with another account's user handle", async () => {
    const demo = softwareAuthenticator(op.issuer);
    const outsider = softwareAuthenticator(op.issuer);
    const demoPage = browser(op);
    await demoPage.signInWithPassword(DEMO_ACCOUNT);
    await addPasskey(op, demoPage, demo);
    const outsiderPage = browser(op);
    await outsiderPage.signInWithPassword(OUTSIDER_ACCOUNT);
    await addPasskey(op, outsiderPage, outsider);

    const forged = { ...demo.passkeys[0]!, userHandle: outsider.passkeys[0]!.userHandle };
    const page = browser(op);
    const answer = await signInWithPasskey(page, (options) => demo.authenticate(options, forged));
    expect(answer.url).toBeUndefined();
    expect(answer.page).toContain(REFUSED);
    expect(await (await page.send(addQuery())).text()).toContain('You are not signed in here.');
  });

  it('refuses an unknown passkey, a replayed answer, an answer for another origin and a broken one', async () => {
    const page = browser(op);
    await page.signInWithPassword(DEMO_ACCOUNT);
    const device = softwareAuthenticator(op.issuer);
    await addPasskey(op, page, device);
    const stranger = softwareAuthenticator(op.issuer);
    stranger.register({ rp: { id: 'localhost' }, user: { id: device.passkeys[0]!.userHandle }, challenge: 'x' });
    const phishing = softwareAuthenticator('http://localhost.evil.example');
    phishing.passkeys.push(device.passkeys[0]!);

    for (const [name, answer] of [
      ['unknown', (options: Record<string, unknown>) => stranger.authenticate(options)],
      ['another origin', (options: Record<string, unknown>) => phishing.authenticate(options)],
      [
        'no user handle',
        (options: Record<string, unknown>) => {
          const made = device.authenticate(options);
          return { ...made, response: { ...made.response, userHandle: undefined } };
        },
      ],
      ['not JSON', () => '{"id":'],
      ['prototype keys', () => JSON.parse('{"__proto__":{"id":"x"},"id":"__proto__","response":{}}')],
    ] as const) {
      const result = await signInWithPasskey(browser(op), answer);
      expect(result.page, name).toContain(REFUSED);
    }

    const replaying = browser(op);
    const interaction = await replaying.startSignIn();
    const options = await replaying.json(`${interaction}/passkey/options`);
    const credential = JSON.stringify(device.authenticate(options));
    expect((await replaying.follow(await replaying.post(`${interaction}/passkey`, { credential }))).url).toBeTruthy();
    const again = browser(op);
    const second = await again.startSignIn();
    await again.json(`${second}/passkey/options`);
    expect((await again.follow(await again.post(`${second}/passkey`, { credential }))).page).toContain(REFUSED);
  });

  it('adds a passkey only for a challenge this session asked for, once', async () => {
    const page = browser(op);
    await page.signInWithPassword(OUTSIDER_ACCOUNT);
    const device = softwareAuthenticator(op.issuer);
    const credential = JSON.stringify(device.register(await page.json('/passkeys/add/options')));
    const other = browser(op);
    await other.signInWithPassword(DEMO_ACCOUNT);
    await other.json('/passkeys/add/options');
    const stolen = await other.post('/passkeys/add', { client_id: CLIENT, redirect_uri: APP, credential });
    expect(stolen.status).toBe(200);
    expect(await stolen.text()).toContain('The passkey could not be added.');
    const own = await page.post('/passkeys/add', { client_id: CLIENT, redirect_uri: APP, credential });
    expect(own.status).toBe(303);
    const twice = await page.post('/passkeys/add', { client_id: CLIENT, redirect_uri: APP, credential });
    expect(await twice.text()).toContain('The passkey could not be added.');
  });
});

describe('a provider on 127.0.0.1', () => {
  it('offers no passkeys: a relying-party id cannot be an IP address', async () => {
    const op = await startOidcProvider({ redirectUris: [APP], clientId: CLIENT });
    try {
      const page = browser(op);
      const html = await (await page.send(await page.startSignIn())).text();
      expect(html).toContain('<h1>Sign in</h1>');
      expect(html).not.toContain('passkey');
      expect((await page.send(addQuery())).status).toBe(404);
    } finally {
      await op.close();
    }
  });
});
