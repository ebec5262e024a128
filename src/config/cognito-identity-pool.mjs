// The identity pool's id, its identities' ids and its endpoint, in one place: src/config/env.ts
// validates the pool for the app and build/security-headers.mjs lists its endpoint in the CSP.
// Plain JavaScript so that the build's Node side can import it as it is.

/** An AWS region: `eu-west-1`, `us-gov-west-1`, `cn-north-1`. */
const REGION = '[a-z]{2}(?:-[a-z]+)+-\\d+';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Cognito writes identity pool ids and identity ids alike: `{region}:{uuid}`. */
const REGIONAL_ID = new RegExp(`^(${REGION}):${UUID}$`);

/**
 * The region of an identity pool id or identity id (`{region}:{uuid}`), or null when it is not one.
 * @param {unknown} id
 * @returns {string | null}
 */
export function regionOfId(id) {
  return typeof id === 'string' ? (REGIONAL_ID.exec(id)?.[1] ?? null) : null;
}

/**
 * Cognito's identity endpoint in a region (the China regions are under amazonaws.com.cn).
 * @param {string} region
 * @returns {string}
 */
export function identityEndpointOf(region) {
  return `https://cognito-identity.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}/`;
}
