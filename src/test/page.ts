import { vi } from 'vitest';
import { env, type ApiOrigins } from '../config/env';

interface Page {
  url: string;
  cookies?: string;
  /** The build's VITE_API_ORIGINS; the test build's when not given. */
  apiOrigins?: ApiOrigins;
  fetch: typeof globalThis.fetch;
}

/** The page http() sends from; `vi.unstubAllGlobals()` takes fetch back. */
export function stubPage({ url, cookies = '', apiOrigins, fetch }: Page): void {
  vi.stubGlobal('fetch', fetch);
  vi.spyOn(location, 'href', 'get').mockReturnValue(url);
  vi.spyOn(document, 'cookie', 'get').mockReturnValue(cookies);
  if (apiOrigins) vi.spyOn(env, 'apiOrigins', 'get').mockReturnValue(apiOrigins);
}
