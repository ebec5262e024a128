import { isRecord } from '../../lib/checks';

/** Reads the stored sign-in state with this id (without the prefix), or null. */
export type ReadSignInState = (stateId: string) => string | null | Promise<string | null>;

/** The state id in `url`, read as oidc-client-ts reads it (it decodes once more and drops a `;url_state`). */
function stateIdOf(url: URL): string | null {
  const state = url.searchParams.get('state');
  if (!state) return null;
  try {
    return decodeURIComponent(state).split(';')[0] || null;
  } catch {
    return null;
  }
}

/**
 * Whether `url` answers a redirect sign-in this browser started and has not finished. oidc-client-ts
 * removes the state when it handles the answer, so forged, replayed and stale links all fail this.
 */
export async function answersPendingSignIn(url: URL, readState: ReadSignInState): Promise<boolean> {
  const id = stateIdOf(url);
  if (!id) return false;
  try {
    const stored: unknown = JSON.parse((await readState(id)) ?? 'null');
    return isRecord(stored) && stored.id === id && stored.request_type === 'si:r';
  } catch {
    return false;
  }
}
