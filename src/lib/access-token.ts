/**
 * The door through which the HTTP helper gets the access token. Product code calls the helper but
 * never imports the sign-in feature: the feature connects itself here at start-up (as the
 * notifications model connects itself to the reporting door).
 */
export interface AccessToken {
  token: string;
  /** The subject (`sub`) of the signed-in user the token was issued to. */
  sub: string;
}

export interface AccessTokenSource {
  /** The token to send now, renewed first when it has expired or is about to; null when there is none. */
  current(): Promise<AccessToken | null>;
  /** An API refused `refused`: a renewed token, or null when renewal failed (the source then signs out). */
  renew(refused: string): Promise<AccessToken | null>;
  /** A renewed token was refused too: the session is over. */
  end(refused: string): void;
}

let connected: AccessTokenSource | null = null;

/** Connects the token source; returns a function that disconnects it. */
export function connectAccessTokenSource(source: AccessTokenSource): () => void {
  connected = source;
  return () => {
    if (connected === source) connected = null;
  };
}

/** The connected source, or null (sign-in not configured, or not started yet). */
export const accessTokens = (): AccessTokenSource | null => connected;
