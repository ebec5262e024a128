import type { OidcEnv } from '../../../config/env';
import { connectSessionTokens, tokensChanged } from '../../../lib/session-tokens';
import type { AppStorage } from '../../../lib/storage';
import { onOtherTabChange } from '../../../lib/storage-events';
import type { AuthModel } from '../auth-model';
import type { ConnectedSession } from '../session/session';
import { oidcUserKey } from '../session/stored-session';

// Another tab's renewal shows only in the shared token store; this tab's, through the session's events.
export function connectTokens(
  auth: AuthModel,
  storage: AppStorage,
  oidc: OidcEnv,
  signedIn: () => boolean,
  session: () => Promise<ConnectedSession>,
): () => void {
  const stops = [
    connectSessionTokens({
      current: () => (signedIn() ? session().then(({ tokens }) => tokens.current()) : Promise.resolve(null)),
      renew: (refused) => session().then(({ tokens }) => tokens.renew(refused)),
      end: (refused) => void session().then(({ tokens }) => tokens.end(refused)),
      idToken: () =>
        auth.state.value.isAuthenticated ? session().then((connected) => connected.idToken()) : Promise.resolve(null),
    }),
    auth.state.subscribe(() => tokensChanged()),
    onOtherTabChange(storage, oidcUserKey(oidc), () => tokensChanged()),
  ];
  return () => stops.forEach((stop) => stop());
}
