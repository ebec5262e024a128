import { OidcClient } from 'oidc-client-ts';
import type { KeyValueStorage } from '../../lib/storage';
import { TEST_OIDC } from './test-oidc-env';
import { userManagerSettings } from './user-manager';

/**
 * Starts a sign-in the way the app does (its settings, its storage) without leaving the page, so
 * oidc-client-ts itself stores the pending state. Resolves to the `state` the provider would send back.
 */
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
