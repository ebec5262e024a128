/**
 * The door through which code below the features reads the signed-in user's ID token (AWS
 * credentials need it) without importing the auth feature: the sign-in feature connects itself at
 * start-up and says when the token may have changed. Not connected (no sign-in configured), there
 * is never a token.
 */
export interface IdToken {
  /** The raw ID token (a JWT). Never stored or logged by its readers. */
  token: string;
  /** Its issuer URL, which names the login provider to Cognito. */
  issuer: string;
}

export type ReadIdToken = () => Promise<IdToken | null>;

let read: ReadIdToken | null = null;
const listeners = new Set<() => void>();

/** Connects the source; returns a disconnect function. */
export function connectIdToken(next: ReadIdToken): () => void {
  read = next;
  return () => {
    if (read === next) read = null;
  };
}

/** The signed-in user's ID token, or null for a guest. */
export function readIdToken(): Promise<IdToken | null> {
  return read ? read() : Promise.resolve(null);
}

/** Sign-in, renewal or sign-out: the token may have changed. */
export function idTokenChanged(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` whenever the token may have changed; returns a function that stops it. */
export function onIdTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
