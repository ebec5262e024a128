export const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'session_state', 'iss'];

export function isSignInCallback(url: URL): boolean {
  if (url.pathname !== '/') return false;
  return url.searchParams.has('code') || url.searchParams.has('error');
}

export function withoutCallbackParams(url: URL): string {
  const clean = new URL(url.href);
  for (const name of CALLBACK_PARAMS) clean.searchParams.delete(name);
  return `${clean.pathname}${clean.search}${clean.hash}`;
}

export function currentPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
