import { UserManager, type INavigator } from 'oidc-client-ts';
import type { OidcEnv } from '../config/env';
import { userManagerSettings } from '../features/auth/session/user-manager';
import type { KeyValueStorage } from '../lib/storage';

export const TEST_OIDC: OidcEnv = {
  authority: 'https://idp.example.com',
  clientId: 'client-1',
  scope: 'email profile openid',
  cognitoDomain: null,
};

export const navigatorTo = (go: (url: string) => void): INavigator => ({
  prepare: async () => ({
    navigate: async ({ url }) => {
      go(url);
      return { url };
    },
    close: () => undefined,
  }),
  callback: async () => undefined,
});

/** A UserManager with the app's settings and a provider that needs no discovery; `go` gets where it sends the page. */
export function testUserManager(
  storage: KeyValueStorage,
  go: (url: string) => void,
  { origin = 'https://app.example.com', oidc = TEST_OIDC } = {},
): UserManager {
  const settings = userManagerSettings(oidc, origin, storage as Storage);
  const authorize = `${oidc.cognitoDomain ?? oidc.authority}/oauth2/authorize`;
  return new UserManager(
    {
      ...settings,
      automaticSilentRenew: false,
      metadata: { ...settings.metadataSeed, issuer: oidc.authority, authorization_endpoint: authorize },
    },
    navigatorTo(go),
  );
}

/** A sign-in started as the app starts one, without leaving the page; resolves to its `state`. */
export async function startTestSignIn(storage: KeyValueStorage, origin = 'https://app.example.com'): Promise<string> {
  let sent = '';
  await testUserManager(storage, (url) => (sent = url), { origin }).signinRedirect({
    state: { returnTo: '/settings' },
  });
  const state = new URL(sent).searchParams.get('state');
  if (!state) throw new Error('oidc-client-ts sent no state');
  return state;
}
