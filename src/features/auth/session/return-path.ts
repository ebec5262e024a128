const MAX_RETURN_PATH_LENGTH = 2048;

// Never `//` or `/\` first: `/.//evil.com` resolves to `//evil.com`, which a browser reads as another host.
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
