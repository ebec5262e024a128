/** Parameters the provider adds to the redirect URI when it sends the user back. */
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'session_state', 'iss'];

/**
 * Whether `url` looks like a sign-in answer: the redirect URI (the app's origin + '/') with a code or
 * an error. Whether it answers a sign-in this browser started is for pending-sign-in.ts to say.
 */
export function isSignInCallback(url: URL): boolean {
  if (url.pathname !== '/') return false;
  return url.searchParams.has('code') || url.searchParams.has('error');
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
