// @vitest-environment node
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { titledResource } from '../../api/resource.ts';
import { PERMISSIONS } from '../../src/config/permissions.ts';
import { DEMO_ACCOUNT, OUTSIDER_ACCOUNT, startOidcProvider } from './oidc-provider.mjs';
import { apiCall, signIn, type Tokens } from './sign-in-for-tests.ts';

// The product API as `npm start` and the e2e tests serve it: the provider checks the token the app got from it and
// hands the handler of api/ the claims (the handler's own contract: api/*.test.ts), here for a resource of a test's.

const APP = 'http://127.0.0.1:4173/';
const APP_ORIGIN = new URL(APP).origin;
const NOTE = { title: 'Groceries', description: 'Milk.' };
/** A resource no group may delete: `notes`, or `notes2`… where a team has its own notes (npm run new -- resource). */
function undeletable(): string {
  for (let number = 1; ; number += 1) {
    const name = number === 1 ? 'notes' : `notes${number}`;
    if (!Object.hasOwn(PERMISSIONS, `${name}:delete`)) return name;
  }
}
const NAME = undeletable();

type Provider = Awaited<ReturnType<typeof startOidcProvider>>;

describe('the product API of the local provider', () => {
  let op: Provider;
  let demo: Tokens;
  let outsider: Tokens;
  const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(() => undefined),
  );
  const notes = (token: string | null, path = '', init: Parameters<typeof apiCall>[2] = {}) =>
    apiCall(`${op.apiUrl}/${NAME}${path}`, token, init);

  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [APP], apiResources: { [NAME]: titledResource() } });
    [demo, outsider] = await Promise.all([signIn(op, DEMO_ACCOUNT, APP), signIn(op, OUTSIDER_ACCOUNT, APP)]);
  });

  afterAll(async () => {
    await op?.close();
    for (const spy of consoleSpies) spy.mockRestore();
  });

  describe('refuses a call without a valid access token of the app', () => {
    const expectRefused = async (response: Response) => {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(await response.json()).toEqual({ error: 'invalid_token' });
    };

    it('none, another scheme, garbage, an over-long token, the ID token, the refresh token', async () => {
      await expectRefused(await notes(null));
      await expectRefused(await notes(null, '', { headers: { authorization: `Basic ${btoa('demo:snxt-demo')}` } }));
      await expectRefused(await notes(null, '', { headers: { authorization: 'Bearer' } }));
      await expectRefused(await notes('not-a-token'));
      await expectRefused(await notes(`${demo.access_token}x`));
      await expectRefused(await notes('a'.repeat(5000)));
      await expectRefused(await notes(demo.id_token));
      await expectRefused(await notes(demo.refresh_token));
      for (const path of ['/api', '/api/unknown', `/api/${NAME}/00000000-0000-4000-8000-000000000000`]) {
        await expectRefused(await apiCall(`${op.issuer}${path}`, 'garbage', { method: 'DELETE' }));
      }
    });

    it('accepts the scheme in any case', async () => {
      expect((await notes(null, '', { headers: { authorization: `bearer ${demo.access_token}` } })).status).toBe(200);
    });

    it('a token whose grant was revoked (the refresh token revoked at sign-out)', async () => {
      const tokens = await signIn(op, DEMO_ACCOUNT, APP);
      expect((await notes(tokens.access_token)).status).toBe(200);
      const revoked = await fetch(`${op.issuer}/oauth2/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokens.refresh_token, client_id: op.clientId }),
      });
      expect(revoked.status).toBe(200);
      await expectRefused(await notes(tokens.access_token));
    });

    it('an expired token', async () => {
      // The provider and the API tell the time by Date: it stands still until the test moves it past the token's life
      // (a busy machine once spent that second before the first call).
      vi.useFakeTimers({ toFake: ['Date'] });
      const shortLived = await startOidcProvider({ redirectUris: [APP], accessTokenTtl: 1 });
      try {
        const tokens = await signIn(shortLived, DEMO_ACCOUNT, APP);
        const call = () => apiCall(`${shortLived.apiUrl}/unknown`, tokens.access_token);
        expect((await call()).status).toBe(404);
        vi.setSystemTime(Date.now() + 2_100);
        await expectRefused(await call());
      } finally {
        vi.useRealTimers();
        await shortLived.close();
      }
    });

    it("a token of another client, and another provider's token", async () => {
      const forOtherApp = await startOidcProvider({ redirectUris: [APP], apiClientId: 'another-app' });
      try {
        const tokens = await signIn(forOtherApp, DEMO_ACCOUNT, APP);
        const userinfo = await fetch(`${forOtherApp.issuer}/oauth2/userInfo`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        expect(userinfo.status).toBe(200);
        await expectRefused(await apiCall(`${forOtherApp.apiUrl}/unknown`, tokens.access_token));
        await expectRefused(await notes(tokens.access_token));
      } finally {
        await forOtherApp.close();
      }
    });
  });

  it('creates, reads, replaces on If-Match and deletes by permission, with Location and ETag', async () => {
    const created = await notes(outsider.access_token, '', { method: 'POST', body: NOTE });
    expect(created.status).toBe(201);
    const note = (await created.json()) as { id: string };
    expect(created.headers.get('location')).toBe(`${op.apiUrl}/${NAME}/${note.id}`);
    const etag = created.headers.get('etag')!;
    const fetched = await notes(outsider.access_token, `/${note.id}`);
    expect(fetched.headers.get('etag')).toBe(etag);
    expect(await fetched.json()).toEqual(note);
    expect((await notes(demo.access_token, `/${note.id}`)).status).toBe(404);
    const put = (ifMatch?: string) =>
      notes(outsider.access_token, `/${note.id}`, {
        method: 'PUT',
        body: { title: 'Changed' },
        headers: ifMatch ? { 'if-match': ifMatch } : {},
      });
    expect((await put()).status).toBe(428);
    expect((await put(etag)).status).toBe(200);
    expect((await put(etag)).status).toBe(412);
    // No group holds {NAME}:delete in the app's permissions table.
    const refused = await notes(demo.access_token, `/${note.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'forbidden' });
  });

  it('answers 404 to any path that is no item of this user, as the raw path reaches it', async () => {
    const created = await notes(outsider.access_token, '', { method: 'POST', body: NOTE });
    const { id } = (await created.json()) as { id: string };
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(op.issuer);
        const headers = { authorization: `Bearer ${outsider.access_token}` };
        httpRequest({ host: url.hostname, port: url.port, path, headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    for (const path of ['/../x', '/%2e%2e%2fx', `/${id}/`, `/${id}/x`, '/', `/${id}%00`]) {
      expect(await raw(`/api/${NAME}${path}`), path).toBe(404);
    }
    for (const path of ['/api', '/api/', '/api/unknown', '/api/__proto__', '/api/Notes']) {
      expect(await raw(path), path).toBe(404);
    }
    expect(await raw(`/api/${NAME}/${id}`)).toBe(200);
  });

  it('refuses a body over 16 KB (413), and a body that is not JSON (415)', async () => {
    const body = { ...NOTE, description: 'x'.repeat(1024 * 1024) };
    const huge = await notes(outsider.access_token, '', { method: 'POST', body });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: 'tooLarge' });
    const text = await notes(outsider.access_token, '', {
      method: 'POST',
      body: JSON.stringify(NOTE),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('lets the app’s origin read every answer and send its preflight; another origin gets nothing', async () => {
    const preflight = await fetch(`${op.apiUrl}/${NAME}/00000000-0000-4000-8000-000000000000`, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, If-Match');
    const created = await notes(outsider.access_token, '', {
      method: 'POST',
      body: NOTE,
      headers: { origin: APP_ORIGIN },
    });
    const refused = await notes(null, '', { headers: { origin: APP_ORIGIN } });
    for (const response of [preflight, created, refused]) {
      expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
    }
    const evil = await notes(demo.access_token, '', { headers: { origin: 'http://evil.test' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stays quiet on the console', () => {
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});
