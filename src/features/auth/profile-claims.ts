/** ID-token bookkeeping that says nothing about the person (issuer, audience, times, hashes, session ids). */
const PROTOCOL_CLAIMS = new Set([
  'iss',
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  'auth_time',
  'nonce',
  'acr',
  'amr',
  'azp',
  'at_hash',
  'c_hash',
  's_hash',
  'sid',
  'session_state',
  'token_use',
  'origin_jti',
  'event_id',
]);

/** The profile claims of an ID token (sub, email, name…), the only thing the app state keeps. */
export function profileFromClaims(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !PROTOCOL_CLAIMS.has(name)));
}
