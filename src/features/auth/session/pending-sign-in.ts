import { reportNotice } from '../../../lib/report';
import { isRecord } from '../../../lib/storage';
import { AUTH_NOTICES } from '../notices';
import { withoutCallbackParams } from './callback-url';

export type ReadSignInState = (stateId: string) => string | null | Promise<string | null>;

/** The state id as oidc-client-ts reads it: decoded once more, without a `;url_state`. */
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
 * Whether `url` answers a redirect sign-in this browser started and has not finished: oidc-client-ts
 * removes the state when it handles the answer, so forged, replayed and stale links fail this.
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

/** A link anyone could have made (forged, replayed, stale): cleaned away and explained, nothing else changes. */
export function ignoreAnswer(url: URL): string {
  console.warn('Ignored a sign-in answer to no sign-in started in this browser');
  reportNotice(AUTH_NOTICES.callbackIgnored);
  return withoutCallbackParams(url);
}
