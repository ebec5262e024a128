// The Cognito Identity API (GetId, GetCredentialsForIdentity) as cognito-identity.{region}.amazonaws.com answers
// it, trusting the local provider's ID tokens under its issuer without the scheme (as Cognito names a user pool).
// No clock-skew allowance: issuer and check share one clock here, so any allowance would only pass expired tokens.

import { randomBytes, randomUUID } from 'node:crypto';

import { createLocalJWKSet, decodeJwt, errors, jwtVerify } from 'jose';

import { readBody } from './read-body.mjs';

export const DEFAULT_IDENTITY_POOL_ID = 'eu-west-1:00000000-0000-4000-8000-000000000000';
export const IDENTITY_PATH = '/identity/';

const CONTENT_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityService.';
const ID_PATTERN = /^[\w-]+:[0-9a-f-]+$/;
const ID_MAX_LENGTH = 55;
const LOGINS_MAX_ENTRIES = 10;
const PROVIDER_NAME_MAX_LENGTH = 128;
const TOKEN_MAX_LENGTH = 50_000;
// Ten ID tokens fit; a longer body is refused (and drained, so the client still reads the answer).
const MAX_BODY_BYTES = 64 * 1024;
const PREFLIGHT_MAX_AGE_SECONDS = 172_800; // what Cognito sends
const HEADER_LIST = /^[\w-]+(\s*,\s*[\w-]+)*$/;

const NOT_A_TOKEN = 'Invalid login token. Not a valid OpenId Connect identity token.';
const UNVERIFIED = "Invalid login token. Couldn't verify signed token.";
const GUESTS_REFUSED = 'Unauthenticated access is not supported for this identity pool.';
const LOGINS_MISMATCH =
  "Logins don't match. Please include at least one valid login for this identity or identity pool.";

class IdentityError extends Error {
  constructor(type, message, status = 400) {
    super(message);
    this.type = type;
    this.status = status;
  }
}

const notAuthorized = (message) => new IdentityError('NotAuthorizedException', message);
const invalidParameter = (message) => new IdentityError('InvalidParameterException', message);
const notFound = (message) => new IdentityError('ResourceNotFoundException', message);
const validationError = (member, constraint, value) =>
  invalidParameter(
    `1 validation error detected: Value ${value === undefined ? 'null' : `'${value}'`} at '${member}' failed to satisfy constraint: ${constraint}`,
  );

export function cognitoIdentity({
  issuer,
  clientId,
  jwks,
  identityPoolId = DEFAULT_IDENTITY_POOL_ID,
  allowGuests = true,
  credentialsTtl = 3600,
  path = IDENTITY_PATH,
}) {
  if (!ID_PATTERN.test(identityPoolId) || identityPoolId.length > ID_MAX_LENGTH) {
    throw new TypeError(`cognitoIdentity: identityPoolId must look like {region}:{uuid}, got ${identityPoolId}`);
  }
  if (!Number.isInteger(credentialsTtl) || credentialsTtl < 1) {
    throw new TypeError(`cognitoIdentity: credentialsTtl must be a positive whole number of seconds`);
  }
  const region = identityPoolId.slice(0, identityPoolId.indexOf(':'));
  const providerName = issuer.replace(/^https?:\/\//, '');
  const keys = createLocalJWKSet(jwks);

  const identities = new Map();
  const identityOfUser = new Map();

  function createIdentity(sub) {
    const identityId = `${region}:${randomUUID()}`;
    identities.set(identityId, sub);
    if (sub !== null) identityOfUser.set(sub, identityId);
    return identityId;
  }

  async function userOf(logins) {
    for (const name of logins.keys()) {
      if (name !== providerName) throw notAuthorized('Token is not from a supported provider of this identity pool.');
    }
    const token = /** @type {string} */ (logins.get(providerName));
    let claims;
    try {
      claims = decodeJwt(token);
    } catch {
      throw notAuthorized(NOT_A_TOKEN);
    }
    // Cognito compares the issuer before it looks for a key to check the signature with.
    if (claims.iss !== issuer) throw notAuthorized("Invalid login token. Issuer doesn't match providerName");
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw notAuthorized(cognitoMessageFor(error));
    }
    if (payload.token_use !== undefined && payload.token_use !== 'id') throw notAuthorized(NOT_A_TOKEN);
    if (typeof payload.sub !== 'string' || payload.sub === '') throw notAuthorized(NOT_A_TOKEN);
    return payload.sub;
  }

  function credentialsFor(identityId) {
    return {
      IdentityId: identityId,
      Credentials: {
        AccessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
        SecretKey: randomBytes(30).toString('base64'),
        SessionToken: randomBytes(96).toString('base64'),
        // JSON 1.1 sends timestamps as epoch seconds.
        Expiration: Math.floor(Date.now() / 1000) + credentialsTtl,
      },
    };
  }

  const operations = {
    async GetId(input) {
      const poolId = requiredId(input.IdentityPoolId, 'identityPoolId');
      const logins = readLogins(input.Logins);
      if (poolId !== identityPoolId) throw notFound(`IdentityPool '${poolId}' not found.`);
      if (!logins) {
        if (!allowGuests) throw notAuthorized(GUESTS_REFUSED);
        return { IdentityId: createIdentity(null) };
      }
      const sub = await userOf(logins);
      return { IdentityId: identityOfUser.get(sub) ?? createIdentity(sub) };
    },

    async GetCredentialsForIdentity(input) {
      const identityId = requiredId(input.IdentityId, 'identityId');
      const logins = readLogins(input.Logins);
      const sub = logins ? await userOf(logins) : null;
      // Read after the token check: a merge may have removed the identity meanwhile.
      const owner = identities.get(identityId);
      if (owner === undefined) throw notFound(`Identity '${identityId}' not found.`);
      if (sub === null) {
        if (owner !== null) throw notAuthorized(LOGINS_MISMATCH);
        if (!allowGuests) throw notAuthorized(GUESTS_REFUSED);
        return credentialsFor(identityId);
      }
      if (owner === sub) return credentialsFor(identityId);
      if (owner !== null) throw notAuthorized(`Access to Identity '${identityId}' is forbidden.`);
      // A guest signs in: its identity becomes the user's, or merges into the one the user has.
      const existing = identityOfUser.get(sub);
      if (existing) {
        identities.delete(identityId);
        return credentialsFor(existing);
      }
      identities.set(identityId, sub);
      identityOfUser.set(sub, identityId);
      return credentialsFor(identityId);
    },
  };

  return async (ctx, next) => {
    if (ctx.path !== path) return next();
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'POST');
      const requested = ctx.get('Access-Control-Request-Headers');
      ctx.set('Access-Control-Allow-Headers', HEADER_LIST.test(requested) ? requested : 'content-type,x-amz-target');
      ctx.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      ctx.status = 200;
      ctx.body = '';
      return undefined;
    }
    ctx.set('Access-Control-Expose-Headers', 'x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date');
    ctx.set('x-amzn-RequestId', randomUUID());
    ctx.set('Cache-Control', 'no-store');
    try {
      respond(ctx, 200, await answer(ctx, operations));
    } catch (error) {
      if (error instanceof IdentityError) {
        ctx.set('x-amzn-ErrorType', `${error.type}:`);
        respond(ctx, error.status, { __type: error.type, message: error.message });
      } else {
        ctx.app.emit('error', error, ctx);
        respond(ctx, 500, { __type: 'InternalErrorException', message: 'An internal error occurred.' });
      }
    }
    return undefined;
  };
}

async function answer(ctx, operations) {
  const target = ctx.get('x-amz-target');
  const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  const operation = ctx.method === 'POST' && Object.hasOwn(operations, name) ? operations[name] : undefined;
  // Read (and drain) the body first: answering before it is consumed can reset the connection.
  const body = await readBody(ctx.req, MAX_BODY_BYTES);
  if (!operation) throw new IdentityError('UnknownOperationException', `Unknown operation ${target || '(none)'}`);
  const mediaType = ctx.get('content-type').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== CONTENT_TYPE) throw invalidParameter(`Content-Type must be ${CONTENT_TYPE}.`);
  if (body === null) throw invalidParameter(`The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  let input;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    throw invalidParameter('The request body is not valid JSON.');
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalidParameter('The request body must be a JSON object.');
  }
  return operation(input);
}

function requiredId(value, member) {
  if (value === undefined || value === null) throw validationError(member, 'Member must not be null');
  if (typeof value !== 'string') throw validationError(member, 'Member must be a string', typeof value);
  if (value.length < 1 || value.length > ID_MAX_LENGTH) {
    throw validationError(member, `Member must have length between 1 and ${ID_MAX_LENGTH}`, value.slice(0, 100));
  }
  if (!ID_PATTERN.test(value)) {
    throw validationError(
      member,
      `Member must satisfy regular expression pattern: ${ID_PATTERN.source.slice(1, -1)}`,
      value,
    );
  }
  return value;
}

function readLogins(value) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationError('logins', 'Member must be a map');
  // Object.entries reads own keys only, "__proto__" included, and the map keeps them as data.
  const entries = Object.entries(value);
  if (entries.length > LOGINS_MAX_ENTRIES) {
    throw validationError('logins', `Member must have length less than or equal to ${LOGINS_MAX_ENTRIES}`);
  }
  for (const [name, token] of entries) {
    if (name.length < 1 || name.length > PROVIDER_NAME_MAX_LENGTH) {
      throw validationError('logins', `Map keys must have length between 1 and ${PROVIDER_NAME_MAX_LENGTH}`);
    }
    if (typeof token !== 'string' || token.length < 1 || token.length > TOKEN_MAX_LENGTH) {
      throw validationError('logins', `Map values must be strings of length between 1 and ${TOKEN_MAX_LENGTH}`);
    }
  }
  return entries.length === 0 ? null : new Map(/** @type {[string, string][]} */ (entries));
}

function cognitoMessageFor(error) {
  if (error instanceof errors.JWTExpired) {
    return `Invalid login token. Token expired: ${Math.floor(Date.now() / 1000)} >= ${error.payload.exp}`;
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `Invalid login token. Missing a required claim: ${error.claim}`;
    if (error.claim === 'aud') return 'Invalid login token. Incorrect token audience.';
    return NOT_A_TOKEN;
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return UNVERIFIED;
  }
  return NOT_A_TOKEN;
}

function respond(ctx, status, body) {
  ctx.status = status;
  ctx.type = CONTENT_TYPE;
  ctx.body = JSON.stringify(body);
}
