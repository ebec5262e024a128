/**
 * The door through which the HTTP helper gets the access token. Product code calls the helper but
 * never imports the sign-in feature: the feature connects itself here at start-up (as the
 * notifications model connects itself to the reporting door).
 */
export interface AccessTokenSource {
  /** The token to send now, renewed first when it has expired or is about to; null when there is none. */
  current(): Promise<string | null>;
  /** An API refused `refused`: a renewed token, or null when renewal failed (the source then signs out). */
  renew(refused: string): Promise<string | null>;
  /** A renewed token was refused too: the session is over. */
  end(refused: string): void;
}

/** A bearer token as providers issue them (JWT, base64url, token68); anything else is not sent. */
const TOKEN = /^[\w.~+/-]+=*$/;

/**
 * One renewal per refused token, however many requests it failed at once (a 401 storm), and a
 * request that was refused with it after the renewal finished gets the renewed token too. One
 * end per token.
 */
function singleFlight(source: AccessTokenSource): AccessTokenSource {
  let renewal: { refused: string; fresh: Promise<string | null> } | null = null;
  let ended: string | null = null;
  const usable = (token: unknown) => (typeof token === 'string' && TOKEN.test(token) ? token : null);
  return {
    current: () => source.current().then(usable, () => null),
    renew(refused) {
      if (renewal?.refused !== refused) {
        renewal = { refused, fresh: source.renew(refused).then(usable, () => null) };
      }
      return renewal.fresh;
    },
    end(refused) {
      if (ended === refused) return;
      ended = refused;
      source.end(refused);
    },
  };
}

let connected: AccessTokenSource | null = null;

/** Connects the token source; returns a function that disconnects it. */
export function connectAccessTokenSource(source: AccessTokenSource): () => void {
  const tokens = singleFlight(source);
  connected = tokens;
  return () => {
    if (connected === tokens) connected = null;
  };
}

/** The connected source, or null (sign-in not configured, or not started yet). */
export const accessTokens = (): AccessTokenSource | null => connected;
