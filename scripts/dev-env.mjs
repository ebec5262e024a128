// What `npm start` gives the dev server with the local provider; a value set in the environment or a .env file stays.
export function localProviderEnv(provider, clientId, configured) {
  const env = {
    VITE_OIDC_AUTHORITY: provider.issuer,
    VITE_OIDC_CLIENT_ID: clientId,
    // Sign-out, revocation and Add a passkey as with Cognito's managed login, which the local provider imitates.
    VITE_COGNITO_DOMAIN: provider.issuer,
    VITE_COGNITO_IDENTITY_POOL_ID: provider.identityPoolId,
    VITE_COGNITO_IDENTITY_ENDPOINT: provider.identityEndpoint,
  };
  if (!configured.VITE_API_URL) env.VITE_API_URL = provider.apiUrl;
  if (!configured.VITE_BOOKS_API_URL && provider.booksUrl) env.VITE_BOOKS_API_URL = provider.booksUrl; // example: books
  return env;
}
