import type { OidcEnv } from '../../config/env';

/** Sign-in configuration shared by the auth unit tests (a provider that is never contacted). */
export const TEST_OIDC: OidcEnv = {
  authority: 'https://idp.example.com',
  clientId: 'client-1',
  scope: 'email profile openid',
  cognitoDomain: null,
};
