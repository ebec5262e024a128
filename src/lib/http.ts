import { reportError } from './report';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The server answered, but not with 2xx. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly response: Response,
  ) {
    super(`HTTP ${status} for ${url}`);
    this.name = 'HttpError';
  }
}

/** No answer at all: offline, DNS, CORS, connection reset. */
export class NetworkError extends Error {
  constructor(
    readonly url: string,
    options?: ErrorOptions,
  ) {
    super(`Network error for ${url}`, options);
    this.name = 'NetworkError';
  }
}

export interface HttpOptions extends RequestInit {
  /**
   * The caller handles failures itself: they still reject, but are not sent to the global error
   * handler (no toast). By default every failure is reported.
   */
  handleErrors?: boolean;
}

/** One cookie's value from a `document.cookie` string, or null. */
export function readCookie(name: string, cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * State-changing requests (not GET/HEAD) to a relative or same-origin URL carry the
 * XSRF token; a request that leaves the origin never does, so the token cannot leak.
 */
export function shouldSendXsrfToken(method: string, url: string | URL, pageUrl: string): boolean {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD') return false;
  try {
    return new URL(url, pageUrl).origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

interface HttpEnvironment {
  fetch: typeof fetch;
  pageUrl: () => string;
  cookies: () => string;
}

const browser: HttpEnvironment = {
  fetch: (...args) => fetch(...args),
  pageUrl: () => window.location.href,
  cookies: () => document.cookie,
};

/** Creates the helper; the app uses `http`, tests pass their own fetch, page URL and cookies. */
export function createHttp(environment: HttpEnvironment = browser) {
  return async function http(url: string | URL, { handleErrors = false, ...init }: HttpOptions = {}) {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    if (!headers.has(XSRF_HEADER) && shouldSendXsrfToken(method, url, environment.pageUrl())) {
      const token = readCookie(XSRF_COOKIE, environment.cookies());
      if (token !== null) headers.set(XSRF_HEADER, token);
    }
    const fail = (error: Error): never => {
      if (!handleErrors) reportError(error, `${method.toUpperCase()} ${String(url)}`);
      throw error;
    };

    let response: Response;
    try {
      response = await environment.fetch(url, { ...init, method, headers });
    } catch (error) {
      // A request the caller aborted is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return fail(new NetworkError(String(url), { cause: error }));
    }
    if (!response.ok) return fail(new HttpError(response.status, String(url), response));
    return response;
  };
}

export const http = createHttp();

/** GET as text (icons, documents). */
export async function getText(url: string, options: HttpOptions = {}): Promise<string> {
  return (await http(url, { ...options, method: 'GET' })).text();
}
