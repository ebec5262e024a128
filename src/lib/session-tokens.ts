// The door the sign-in feature connects at start, so http() and AWS identity need not import it.

export interface AccessToken {
  token: string;
  /** Whose token it is: a 401 is retried only for the same user. */
  sub: string;
}

export interface IdToken {
  token: string;
  /** Names the login provider to Cognito. */
  issuer: string;
}

export interface SessionTokens {
  /** Renewed first when it has expired or is about to; null when nobody is signed in. */
  current(): Promise<AccessToken | null>;
  /** Null when the renewal failed, which ends the session. */
  renew(refused: string): Promise<AccessToken | null>;
  /** A renewed token was refused too. */
  end(refused: string): void;
  idToken(): Promise<IdToken | null>;
}

let connected: SessionTokens | null = null;
const listeners = new Set<() => void>();

export function connectSessionTokens(source: SessionTokens): () => void {
  connected = source;
  return () => {
    if (connected === source) connected = null;
  };
}

/** Null when sign-in is not configured: a guest, with no token. */
export const sessionTokens = (): SessionTokens | null => connected;

/** Sign-in, renewal or sign-out: the tokens may have changed. */
export function tokensChanged(): void {
  for (const listener of [...listeners]) listener();
}

export function onTokensChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
