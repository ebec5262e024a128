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
  current(): Promise<AccessToken | null>;
  renew(refused: string): Promise<AccessToken | null>;
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

export const sessionTokens = (): SessionTokens | null => connected;

export function tokensChanged(): void {
  for (const listener of [...listeners]) listener();
}

export function onTokensChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
