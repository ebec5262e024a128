import { reportNotice } from '../../../lib/notice-bus';
import { isRecord } from '../../../lib/checks';
import { AUTH_NOTICES } from '../auth-notices';
import { withoutCallbackParams } from './callback-url';

export { readSignInState } from './sign-in-state-store';

type ReadSignInState = (stateId: string) => string | null | Promise<string | null>;

// As oidc-client-ts reads it: decoded once more, without a `;url_state`.
function stateIdOf(url: URL): string | null {
  const state = url.searchParams.get('state');
  if (!state) return null;
  try {
    return decodeURIComponent(state).split(';')[0] || null;
  } catch {
    return null;
  }
}

// oidc-client-ts removes the state when it handles the answer, so forged, replayed and stale links fail this.
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

export function ignoreAnswer(url: URL): string {
  console.warn('Ignored a sign-in answer to no sign-in started in this browser');
  reportNotice(AUTH_NOTICES.callbackIgnored);
  return withoutCallbackParams(url);
}
