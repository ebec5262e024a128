/** A page of this app to return to after sign-in; anything else (another origin, junk) is home. */
export function safeReturnPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/';
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
