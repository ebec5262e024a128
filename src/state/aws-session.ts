import type { CognitoIdentityEnv } from '../config/env';
import { signedFetch, type AwsRequestOptions } from '../lib/aws-sign';
import { CognitoIdentityError, IdentityResponseError, loginsFor, type AwsCredentials } from '../lib/cognito-identity';
import { onIdTokenChange, readIdToken, type IdToken } from '../lib/id-token';
import type { Notice } from '../lib/report';
import { AWS_NOTICES } from './aws-notices';
import { credentialTiming, type CredentialTiming } from './credential-timing';
import { fetchIdentityCredentials } from './identity-credentials';
import type { IdentityKind, IdentityModel } from './identity-model';

export interface AwsSessionDeps {
  pool: CognitoIdentityEnv;
  identity: IdentityModel;
  /** The ID token door (src/lib/id-token.ts) by default. */
  readIdToken?: () => Promise<IdToken | null>;
  onIdTokenChange?: (listener: () => void) => () => void;
  fetch?: typeof fetch;
  /** The reporting door's reportNotice (handed in: importing it here splits it out of the entry chunk). */
  reportNotice: (notice: Notice) => void;
}

interface Held extends CredentialTiming {
  credentials: AwsCredentials;
  kind: IdentityKind;
  /** The ID token they were fetched with; null for a guest. */
  idToken: string | null;
}

export type AwsFetchOptions = Pick<AwsRequestOptions, 'service'> & Partial<Pick<AwsRequestOptions, 'region'>>;

/**
 * This tab's AWS credentials from the identity pool, in memory only: fetched on first need or at
 * start(), refreshed before they expire and at once when the ID token changes. A failure says so
 * once (until it has worked again) and is retried at the next need; a pool that refuses guests is
 * no failure for a guest. See docs/behaviour.md, "AWS credentials".
 */
export function createAwsSession({
  pool,
  identity,
  readIdToken: read = readIdToken,
  onIdTokenChange: listen = onIdTokenChange,
  fetch,
  reportNotice,
}: AwsSessionDeps) {
  let held: Held | null = null;
  let inFlight: Promise<Held> | null = null;
  /** The token may have changed since the running attempt read it. */
  let changed = false;
  let unavailableSaid = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const fresh = (h: Held) => Date.now() < Math.min(h.refreshAt, h.expiresAt);
  const usable = (h: Held) => Date.now() < h.expiresAt;

  function schedule(at: number) {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void refresh().catch(() => undefined), Math.max(0, at - Date.now()));
  }

  function drop() {
    held = null;
    clearTimeout(timer);
    identity.credentialsDropped();
  }

  /** One try with the token as it is now; `onKind` learns whose credentials are being fetched. */
  async function attempt(onKind: (kind: IdentityKind) => void): Promise<Held> {
    const token = await read();
    const idToken = token?.token ?? null;
    if (held && held.idToken === idToken && fresh(held)) {
      schedule(held.refreshAt);
      return held;
    }
    const kind: IdentityKind = token ? 'user' : 'guest';
    onKind(kind);
    const answer = await fetchIdentityCredentials({
      pool,
      identityId: identity.state.value.identityId,
      logins: token ? loginsFor(token.issuer, token.token) : undefined,
      fetch,
    });
    // Asked with a token that is no longer the user's (signed out, renewed): the answer, and the
    // identity in it, would undo the change. run() asks again.
    if (changed) throw new Error('The ID token changed while the credentials were on their way');
    const timing = credentialTiming(answer.credentials.expiration, answer.serverTime, Date.now());
    if (!timing) throw new IdentityResponseError('Cognito Identity answered with credentials that had expired', 200);
    held = { ...timing, credentials: Object.freeze({ ...answer.credentials }), kind, idToken };
    identity.credentialsReceived({ identityId: answer.identityId, expiration: new Date(timing.expiresAt), kind });
    unavailableSaid = false;
    schedule(timing.refreshAt);
    return held;
  }

  function failed(error: unknown, kind: IdentityKind | null) {
    if (held && (held.kind !== kind || !usable(held))) drop();
    // A pool without guest access answers a guest so; that is its configuration, not an outage.
    if (kind === 'guest' && error instanceof CognitoIdentityError && error.type === 'NotAuthorizedException') return;
    console.warn('AWS credentials could not be fetched', error);
    if (!unavailableSaid) reportNotice(AWS_NOTICES.unavailable);
    unavailableSaid = true;
  }

  /** Tries until an answer is for the token as it is now (one that changes meanwhile is asked for again). */
  async function run(): Promise<Held> {
    for (;;) {
      changed = false;
      let kind: IdentityKind | null = null;
      try {
        const result = await attempt((k) => (kind = k));
        if (!changed) return result;
      } catch (error) {
        if (!changed) {
          failed(error, kind);
          throw error;
        }
      }
    }
  }

  function refresh(): Promise<Held> {
    inFlight ??= run().finally(() => (inFlight = null));
    return inFlight;
  }

  async function getCredentials(): Promise<AwsCredentials> {
    if (!inFlight && held && fresh(held)) return held.credentials;
    try {
      return (await refresh()).credentials;
    } catch (error) {
      if (held && usable(held)) return held.credentials;
      throw error;
    }
  }

  const stopListening = listen(() => {
    changed = true;
    void refresh().catch(() => undefined);
  });

  return {
    /** Fetches credentials now (they are otherwise fetched at the first need). */
    start(): void {
      void refresh().catch(() => undefined);
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
      stopListening();
    },
    getCredentials,
    /** `fetch` signed with the credentials (Signature V4); `region` defaults to the pool's. */
    async fetch(input: RequestInfo | URL, init: RequestInit | undefined, options: AwsFetchOptions): Promise<Response> {
      const credentials = await getCredentials();
      const clockOffsetMs = held?.credentials === credentials ? held.clockOffsetMs : 0;
      return signedFetch(credentials, input, init, { region: pool.region, ...options, clockOffsetMs });
    },
  };
}

export type AwsSession = ReturnType<typeof createAwsSession>;
