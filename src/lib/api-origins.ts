import type { ApiOrigins } from '../config/env';

/**
 * Whether a request to `url` (resolved against the page) may carry the access token: its origin,
 * as the browser would send it, is exactly one of the configured API origins, or the page's own
 * with `self`. Anything that does not parse, is not http(s) or names userinfo never does.
 */
export function receivesAccessToken(url: string | URL, pageUrl: string, api: ApiOrigins): boolean {
  try {
    const target = new URL(url, pageUrl);
    if (!/^https?:$/.test(target.protocol) || target.username || target.password) return false;
    if (api.self && target.origin === new URL(pageUrl).origin) return true;
    return api.origins.includes(target.origin);
  } catch {
    return false;
  }
}
