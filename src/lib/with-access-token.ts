import type { ApiOrigins } from '../config/env';
import { receivesAccessToken } from './api-origins';
import type { AccessToken, SessionTokens } from './session-tokens';

export type AccessTokenSource = Pick<SessionTokens, 'current' | 'renew' | 'end'>;

/** A bearer token as providers issue them (JWT, base64url, token68); anything else is not sent. */
const TOKEN = /^[\w.~+/-]+=*$/;
const usable = (held: AccessToken | null): AccessToken | null =>
  typeof held?.token === 'string' && TOKEN.test(held.token) && typeof held.sub === 'string' ? held : null;

interface Flight {
  renewal: { refused: string; renewed: Promise<AccessToken | null> } | null;
  ended: string | null;
}
const flights = new WeakMap<AccessTokenSource, Flight>();

// One renewal per refused token however many requests a 401 storm failed, and one end per token.
function renewOnce(source: AccessTokenSource, flight: Flight, refused: string): Promise<AccessToken | null> {
  if (flight.renewal?.refused !== refused) {
    flight.renewal = { refused, renewed: source.renew(refused).then(usable, () => null) };
  }
  return flight.renewal.renewed;
}

function endOnce(source: AccessTokenSource, flight: Flight, refused: string): void {
  if (flight.ended === refused) return;
  flight.ended = refused;
  source.end(refused);
}

export async function sendWithAccessToken(
  url: string | URL,
  pageUrl: string,
  apiOrigins: ApiOrigins,
  source: AccessTokenSource | null,
  request: (bearer: string | null) => Promise<Response>,
  body: RequestInit['body'],
): Promise<Response> {
  if (!source || !receivesAccessToken(url, pageUrl, apiOrigins)) return request(null);
  let flight = flights.get(source);
  if (!flight) flights.set(source, (flight = { renewal: null, ended: null }));
  const held = await source.current().then(usable, () => null);
  const response = await request(held?.token ?? null);
  // A streamed body is used up by the first attempt.
  if (response.status !== 401 || !held || body instanceof ReadableStream) return response;
  const renewed = await renewOnce(source, flight, held.token);
  if (!renewed || renewed.sub !== held.sub) return response;
  const retried = await request(renewed.token);
  if (retried.status === 401) endOnce(source, flight, renewed.token);
  return retried;
}
