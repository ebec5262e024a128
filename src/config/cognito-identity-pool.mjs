// Plain JavaScript: the app's configuration and the build's CSP read it as it is.

const REGION = '[a-z]{2}(?:-[a-z]+)+-\\d+';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const REGIONAL_ID = new RegExp(`^(${REGION}):${UUID}$`);

export function regionOfId(id) {
  return typeof id === 'string' ? (REGIONAL_ID.exec(id)?.[1] ?? null) : null;
}

export function identityEndpointOf(region) {
  return `https://cognito-identity.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}/`;
}
