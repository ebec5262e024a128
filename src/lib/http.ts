import { env } from '../config/env';
import { sessionTokens } from './session-tokens';
import { reportError } from './notice-bus';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

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
  /** The caller handles failures: they still reject, but reach no global error handler (no toast). */
  handleErrors?: boolean;
  accessToken?: boolean;
}

function readCookie(name: string, cookies: string): string | null {
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

// Stricter than what a browser's Headers takes (it throws for NUL, CR, LF, non-Latin-1): no control but tab, no outer space.
const HEADER_VALUE = /^(?![\t ])[\t\x20-\x7e\x80-\xff]*(?<![\t ])$/;

// The token never leaves the origin, where it could leak.
function shouldSendXsrfToken(method: string, url: string | URL, pageUrl: string): boolean {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD') return false;
  try {
    return new URL(url, pageUrl).origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

// Decided once for the origin checks and fetch: a Request stringifies to "[object Request]", the page's own origin.
function target(input: string | URL | Request): { url: string; original: Request | null } {
  if (typeof input === 'string') return { url: input, original: null };
  if (input instanceof URL) return { url: input.href, original: null };
  if (input instanceof Request) {
    const original = input.clone();
    return { url: original.url, original };
  }
  throw new TypeError('http() takes a string, a URL or a Request');
}

let warned = false;

// A 401 from an API origin renews the token once and retries once; a renewed token refused too ends the session.
/** @public How features call their APIs (docs/behaviour.md, "Calls and services"). */
export async function http(
  input: string | URL | Request,
  { handleErrors = false, accessToken, ...init }: HttpOptions = {},
) {
  const { url, original } = target(input);
  const method = init.method ?? original?.method ?? 'GET';
  const headers = new Headers(original?.headers);
  new Headers(init.headers).forEach((value, name) => headers.set(name, value));
  if (!headers.has(XSRF_HEADER) && shouldSendXsrfToken(method, url, location.href)) {
    const token = readCookie(XSRF_COOKIE, document.cookie);
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
    // With the token: no answer from the HTTP cache (another user's), and a redirect fails instead of being followed.
    const carrying: RequestInit = bearer ? { cache: 'no-store', redirect: 'error' } : {};
    try {
      // A clone each time: a retry needs the Request's body again.
      return await fetch(original ? original.clone() : url, { ...init, method, headers: sent, ...carrying });
    } catch (error) {
      // A request the caller aborted is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return fail(new NetworkError(url, { cause: error }));
    }
  };

  // The token code loads only in a build that names API origins, with the first request.
  const { apiOrigins } = env;
  const response =
    accessToken !== false && !headers.has('Authorization') && (apiOrigins.self || apiOrigins.origins.length > 0)
      ? await import('./with-access-token').then((module) =>
          module.sendWithAccessToken(url, location.href, apiOrigins, sessionTokens(), request, init.body),
        )
      : await request(null);
  if (!response.ok) return fail(new HttpError(response.status, url, response));
  return response;
}

export async function getText(url: string, options: HttpOptions = {}): Promise<string> {
  return (await http(url, { ...options, method: 'GET' })).text();
}
