import type { OidcEnv } from '../../../config/env';

export function addPasskeyUrl(oidc: OidcEnv | null, origin: string): string | null {
  if (!oidc?.cognitoDomain) return null;
  const query = new URLSearchParams({ client_id: oidc.clientId, redirect_uri: `${origin}/` });
  return `${oidc.cognitoDomain}/passkeys/add?${query}`;
}
