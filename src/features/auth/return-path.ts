/** Longer than any page of this app; sign-in state need not carry more. */
const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * A page of this app to return to after sign-in; anything else (another origin, junk) is home.
 * The result always starts with exactly one `/` followed by neither `/` nor `\`: the URL parser
 * resolves dot segments (`/.//evil.com` → `//evil.com`), and a path starting `//` or `/\` would be
 * read as another host by whoever navigates to it.
 */
export function safeReturnPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_RETURN_PATH_LENGTH) return '/';
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return /^\/[/\\]/.test(path) ? '/' : path;
  } catch {
    return '/';
  }
}
