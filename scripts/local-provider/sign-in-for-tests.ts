import { cookieJarFetch } from './cookie-jar-fetch.ts';
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { startOidcProvider } from './oidc-provider.mjs';

type Provider = Awaited<ReturnType<typeof startOidcProvider>>;
export type Account = { email: string; password: string };
export type Tokens = { access_token: string; id_token: string; refresh_token: string };

/** Signs in at the provider's form with PKCE, like a browser, and exchanges the code for tokens. */
export async function signIn(op: Provider, account: Account, redirectUri: string): Promise<Tokens> {
  const send = cookieJarFetch();
  const verifier = randomBytes(32).toString('base64url');
  let url = `${op.issuer}/oauth2/authorize?${new URLSearchParams({
    client_id: op.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
  for (let hops = 0; hops < 10 && url.startsWith(op.issuer); hops += 1) {
    let response = await send(url);
    if (response.status === 200) {
      response = await send(`${op.issuer}${new URL(url).pathname}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: account.email, password: account.password }),
      });
    }
    url = new URL(response.headers.get('location') ?? '', url).href;
  }
  const code = new URL(url).searchParams.get('code') ?? '';
  expect(code).not.toBe('');
  const response = await fetch(`${op.issuer}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: op.clientId,
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

export function apiCall(
  url: string,
  token: string | null,
  { body, headers, ...init }: Omit<RequestInit, 'body'> & { body?: unknown } = {},
): Promise<Response> {
  const all = new Headers(headers);
  if (token !== null && !all.has('authorization')) all.set('authorization', `Bearer ${token}`);
  if (body !== undefined && !all.has('content-type')) all.set('content-type', 'application/json');
  const encoded =
    body === undefined || typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
  return fetch(url, { ...init, headers: all, body: encoded as BodyInit | undefined });
}
