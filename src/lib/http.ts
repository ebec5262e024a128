import { env, type ApiOrigins } from '../config/env';
import { sessionTokens } from './session-tokens';
import type { AccessTokenSource } from './with-access-token';
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
  /** false: never send the access token, even to an API origin (static files). */
  accessToken?: boolean;
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
 * What `Headers` takes unchanged, and stricter: no control character but tab, nothing outside
 * Latin-1, no white space at either end (a browser throws for NUL, CR, LF and non-Latin-1).
 */
const HEADER_VALUE = /^(?![\t ])[\t\x20-\x7e\x80-\xff]*(?<![\t ])$/;

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

/**
 * The URL a request goes to, decided once: origin checks and fetch must see the same one (a Request
 * stringifies to "[object Request]", which resolves to the page's own origin).
 */
function target(input: string | URL | Request): { url: string; original: Request | null } {
  if (typeof input === 'string') return { url: input, original: null };
  if (input instanceof URL) return { url: input.href, original: null };
  if (input instanceof Request) {
    const original = input.clone();
    return { url: original.url, original };
  }
  throw new TypeError('http() takes a string, a URL or a Request');
}

interface HttpEnvironment {
  fetch: typeof fetch;
  pageUrl: () => string;
  cookies: () => string;
  /** Origins that receive the access token (VITE_API_ORIGINS). */
  apiOrigins?: ApiOrigins;
  tokens?: () => AccessTokenSource | null;
}

const browser: HttpEnvironment = {
  fetch: (...args) => fetch(...args),
  pageUrl: () => window.location.href,
  cookies: () => document.cookie,
};

/**
 * Creates the helper; the app uses `http`, tests pass their own fetch, page URL and cookies.
 * Requests to an API origin carry the access token; a 401 there renews it once (one renewal for
 * every request it failed) and retries once, and a renewed token that is refused too ends the
 * session. A request without a token is sent as it is and never retried.
 */
export function createHttp({
  fetch: send,
  pageUrl,
  cookies,
  apiOrigins = env.apiOrigins,
  tokens = sessionTokens,
}: HttpEnvironment = browser) {
  let warned = false;
  return async function http(
    input: string | URL | Request,
    { handleErrors = false, accessToken, ...init }: HttpOptions = {},
  ) {
    const { url, original } = target(input);
    const method = init.method ?? original?.method ?? 'GET';
    const headers = new Headers(original?.headers);
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    if (!headers.has(XSRF_HEADER) && shouldSendXsrfToken(method, url, pageUrl())) {
      const token = readCookie(XSRF_COOKIE, cookies());
      if (token !== null && HEADER_VALUE.test(token)) headers.set(XSRF_HEADER, token);
      else if (token !== null && !warned) {
        warned = true;
        console.warn(`Cookie ${XSRF_COOKIE} is not a valid header value; requests go out without ${XSRF_HEADER}.`);
      }
    }
    const fail = (error: Error): never => {
      if (!handleErrors) reportError(error, `${method.toUpperCase()} ${url}`);
      throw error;
    };
    const request = async (bearer: string | null) => {
      const sent = new Headers(headers);
      if (bearer) sent.set('Authorization', `Bearer ${bearer}`);
      try {
        // A clone each time: a retry needs the Request's body again.
        return await send(original ? original.clone() : url, { ...init, method, headers: sent });
      } catch (error) {
        // A request the caller aborted is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return fail(new NetworkError(url, { cause: error }));
      }
    };

    // The token code loads only in a build that names API origins, with the first request.
    const response =
      accessToken !== false && !headers.has('Authorization') && (apiOrigins.self || apiOrigins.origins.length > 0)
        ? await import('./with-access-token').then((module) =>
            module.sendWithAccessToken(url, pageUrl(), apiOrigins, tokens(), request, init.body),
          )
        : await request(null);
    if (!response.ok) return fail(new HttpError(response.status, url, response));
    return response;
  };
}

export const http = createHttp();

/** GET as text (icons, documents). */
export async function getText(url: string, options: HttpOptions = {}): Promise<string> {
  return (await http(url, { ...options, method: 'GET' })).text();
}
