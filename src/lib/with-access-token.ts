import type { ApiOrigins } from '../config/env';
import type { AccessToken, AccessTokenSource } from './access-token';
import { receivesAccessToken } from './api-origins';

/** A bearer token as providers issue them (JWT, base64url, token68); anything else is not sent. */
const TOKEN = /^[\w.~+/-]+=*$/;
const usable = (held: AccessToken | null): AccessToken | null =>
  typeof held?.token === 'string' && TOKEN.test(held.token) && typeof held.sub === 'string' ? held : null;

interface Flight {
  renewal: { refused: string; renewed: Promise<AccessToken | null> } | null;
  ended: string | null;
}
const flights = new WeakMap<AccessTokenSource, Flight>();

/**
 * One renewal per refused token, however many requests it failed at once (a 401 storm); a request
 * refused with it after that renewal finished gets the renewed token too. One end per token.
 */
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

/**
 * Sends a request through `request` with the access token when its origin is an API origin. A 401
 * renews the token once and retries once, for the same user (`sub`) only; a renewed token that is
 * refused too ends the session. A request without a token (no source, nobody signed in, a streamed
 * body on retry) is not retried.
 */
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
  // Signed out and someone else signed in meanwhile: their token never goes out for this request.
  if (!renewed || renewed.sub !== held.sub) return response;
  const retried = await request(renewed.token);
  if (retried.status === 401) endOnce(source, flight, renewed.token);
  return retried;
}
