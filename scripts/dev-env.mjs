// What `npm start` gives the dev server when it starts the local provider: sign-in, the identity pool and the product
// API there. A value the developer set (environment or .env) stays.

/**
 * @param {{ issuer: string, identityPoolId: string, identityEndpoint: string, apiUrl: string } & Record<string, string>} provider
 * @param {string} clientId
 * @param {Record<string, string | undefined>} configured
 */
export function localProviderEnv(provider, clientId, configured) {
  /** @type {Record<string, string>} */
  const env = {
    VITE_OIDC_AUTHORITY: provider.issuer,
    VITE_OIDC_CLIENT_ID: clientId,
    VITE_COGNITO_IDENTITY_POOL_ID: provider.identityPoolId,
    VITE_COGNITO_IDENTITY_ENDPOINT: provider.identityEndpoint,
  };
  // Its origin receives the access token: any page of the team's at the local API gets it.
  if (!configured.VITE_API_URL) env.VITE_API_URL = provider.apiUrl;
  if (!configured.VITE_BOOKS_API_URL && provider.booksUrl) env.VITE_BOOKS_API_URL = provider.booksUrl; // example: books
  return env;
}
