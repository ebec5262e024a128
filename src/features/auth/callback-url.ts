/** Parameters the provider adds to the redirect URI when it sends the user back. */
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'session_state', 'iss'];

/** The redirect URI is the app's origin + '/': a sign-in answer lands there with a code and state, or an error. */
export function isSignInCallback(url: URL): boolean {
  if (url.pathname !== '/') return false;
  const params = url.searchParams;
  return (params.has('code') && params.has('state')) || params.has('error');
}

/** Path, search and hash of `url` without the sign-in answer's parameters. */
export function withoutCallbackParams(url: URL): string {
  const clean = new URL(url.href);
  for (const name of CALLBACK_PARAMS) clean.searchParams.delete(name);
  return `${clean.pathname}${clean.search}${clean.hash}`;
}

/** Where the user is now, to come back to after the hosted sign-in. */
export function currentPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
