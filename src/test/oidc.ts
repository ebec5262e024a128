import { OidcClient } from 'oidc-client-ts';
import type { OidcEnv } from '../config/env';
import { userManagerSettings } from '../features/auth/session/user-manager';
import type { KeyValueStorage } from '../lib/storage';

export const TEST_OIDC: OidcEnv = {
  authority: 'https://idp.example.com',
  clientId: 'client-1',
  scope: 'email profile openid',
  cognitoDomain: null,
};

/** A sign-in started as the app starts one, without leaving the page; resolves to its `state`. */
export async function startTestSignIn(storage: KeyValueStorage, origin = 'https://app.example.com'): Promise<string> {
  const client = new OidcClient({
    ...userManagerSettings(TEST_OIDC, origin, storage as Storage),
    metadata: { issuer: TEST_OIDC.authority, authorization_endpoint: `${TEST_OIDC.authority}/oauth2/authorize` },
  });
  const request = await client.createSigninRequest({ request_type: 'si:r', state: { returnTo: '/settings' } });
  const state = new URL(request.url).searchParams.get('state');
  if (!state) throw new Error('oidc-client-ts sent no state');
  return state;
}
