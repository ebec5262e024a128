import { vi } from 'vitest';
import { env, type ApiOrigins } from '../config/env';

interface Page {
  url: string;
  cookies?: string;
  apiOrigins?: ApiOrigins;
  fetch: typeof globalThis.fetch;
}

/** The page http() sends from, with the build's API origins when given; `vi.unstubAllGlobals()` takes fetch back. */
export function stubPage({ url, cookies = '', apiOrigins, fetch }: Page): void {
  vi.stubGlobal('fetch', fetch);
  vi.spyOn(location, 'href', 'get').mockReturnValue(url);
  vi.spyOn(document, 'cookie', 'get').mockReturnValue(cookies);
  if (apiOrigins) vi.spyOn(env, 'apiOrigins', 'get').mockReturnValue(apiOrigins);
}
