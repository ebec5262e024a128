import type { ApiOrigins } from '../config/env';

/** Exactly a configured origin as the browser sends it, or the page's own with `self`; never with userinfo. */
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
