import { regionOfId } from '../config/cognito-identity-pool.mjs';
import type { CognitoIdentityEnv } from '../config/env';
import {
  CognitoIdentityError,
  getCredentialsForIdentity,
  getId,
  IdentityResponseError,
  type IdentityCredentials,
  type Logins,
} from '../lib/cognito-identity';

export interface IdentityCredentialsRequest {
  pool: CognitoIdentityEnv;
  /** The stored identity, if any: a guest's, or the signed-in user's. */
  identityId: string | null;
  /** The signed-in user's logins; none for a guest. */
  logins?: Logins;
  fetch?: typeof fetch;
}

/** Cognito's answers about a stored identity it will not serve: merged away, or someone else's. */
const STALE_IDENTITY = new Set(['ResourceNotFoundException', 'NotAuthorizedException']);

function ofPool<T extends string | IdentityCredentials>(answer: T, pool: CognitoIdentityEnv): T {
  const identityId = typeof answer === 'string' ? answer : answer.identityId;
  if (regionOfId(identityId) !== pool.region) {
    throw new IdentityResponseError(`Cognito Identity answered with an identity of another region`, 200);
  }
  return answer;
}

/**
 * The enhanced flow: GetCredentialsForIdentity for the stored identity (a guest's sent with the
 * user's logins becomes the user's: Cognito links them), otherwise GetId first. A stored identity
 * Cognito no longer serves to these logins is replaced once through GetId.
 */
export async function fetchIdentityCredentials({
  pool,
  identityId,
  logins,
  fetch,
}: IdentityCredentialsRequest): Promise<IdentityCredentials> {
  const options = { endpoint: pool.endpoint, logins, fetch };
  if (identityId) {
    try {
      return ofPool(await getCredentialsForIdentity({ ...options, identityId }), pool);
    } catch (error) {
      if (!(error instanceof CognitoIdentityError && STALE_IDENTITY.has(error.type))) throw error;
    }
  }
  const newId = ofPool(await getId({ ...options, identityPoolId: pool.identityPoolId }), pool);
  return ofPool(await getCredentialsForIdentity({ ...options, identityId: newId }), pool);
}
