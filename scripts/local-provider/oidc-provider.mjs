// A real, local OpenID Connect provider (oidc-provider v9) configured like an AWS Cognito
// user pool with one public app client, for development (`npm start`) and end-to-end tests.
//
//   import { startOidcProvider } from './oidc-provider.mjs';
//   const op = await startOidcProvider({ redirectUris: ['http://127.0.0.1:4173/'] });
//   …; await op.close();
//
//   npm run provider -- --port 5174 --redirect http://localhost:5173/
//
// Cognito-like behaviour:
// - public client (no secret), authorization code + PKCE (S256 only), scopes `openid email profile`;
// - refresh tokens without `offline_access`; they are NOT rotated (Cognito's default), the refresh
//   grant answers with the same refresh token and new access/ID tokens;
// - tokens outlive the sign-in session (as in Cognito, signing out of the hosted UI does not
//   revoke tokens): `expiresWithSession` is off;
// - ID tokens carry auth_time (when the user signed in), as Cognito's do;
// - no consent screen; Cognito-like paths (/oauth2/authorize, /oauth2/token, /oauth2/userInfo,
//   /oauth2/revoke, /.well-known/jwks.json) and Cognito's `GET /logout?client_id&logout_uri`;
// - standard RP-initiated logout (`end_session_endpoint`) without a confirmation click;
// - an identity pool trusting it: the Cognito Identity API at `/identity/` (cognito-identity.mjs).
// Everything is in memory and lost on close.

import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

import { cognitoIdentity, DEFAULT_IDENTITY_POOL_ID, IDENTITY_PATH } from './cognito-identity.mjs';
import { errorPage, logoutPage, signedOutPage, signInPage } from './oidc-provider-views.mjs';

/** The one user of the pool. */
export const DEMO_ACCOUNT = Object.freeze({
  email: 'demo@snxt.dev',
  password: 'snxt-demo',
  name: 'Demo User',
  givenName: 'Demo',
  familyName: 'User',
  /** Stable subject identifier (Cognito uses UUIDs). */
  sub: '6b1f2c0e-5d3a-4f8e-9a47-2c8e1d7b3f10',
});

const SCOPES = ['openid', 'email', 'profile'];
const REFRESH_TOKEN_TTL = 30 * 24 * 60 * 60; // Cognito's default: 30 days
const SESSION_TTL = 60 * 60; // Cognito's hosted UI session cookie lasts one hour
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * @typedef {object} OidcProviderOptions
 * @property {number} [port] TCP port, 0 (default) picks a free one.
 * @property {string} [host] '127.0.0.1' (default) or 'localhost'; the server always listens on 127.0.0.1.
 * @property {string[]} redirectUris App origins with a trailing slash, e.g. 'http://127.0.0.1:4173/';
 *   they are both the redirect URIs and the post-logout (sign-out) URIs of the client.
 * @property {string} [clientId] Defaults to 'snxt-local'.
 * @property {number} [accessTokenTtl] Seconds, for access and ID tokens. Defaults to 3600.
 * @property {string} [identityPoolId] The identity pool's id, `{region}:{uuid}`.
 * @property {boolean} [identityAllowGuests] Unauthenticated identities in the pool; defaults to true.
 * @property {number} [identityCredentialsTtl] Seconds the pool's AWS credentials last; defaults to 3600.
 * @property {import('node:crypto').JsonWebKey} [signingKey] The RSA private key (JWK) signing the tokens,
 *   for tests that forge tokens the provider would never issue; a new one by default.
 * @property {boolean} [log] Log requests and provider errors to the console.
 */

/**
 * @typedef {object} RunningOidcProvider
 * @property {string} issuer e.g. 'http://127.0.0.1:5174'
 * @property {number} port
 * @property {string} clientId
 * @property {string} identityEndpoint The Cognito Identity API, e.g. 'http://127.0.0.1:5174/identity/'
 * @property {string} identityPoolId
 * @property {() => Promise<void>} close
 */

/**
 * Starts the provider and resolves once it accepts connections.
 * @param {OidcProviderOptions} options
 * @returns {Promise<RunningOidcProvider>}
 */
export async function startOidcProvider({
  port = 0,
  host = '127.0.0.1',
  redirectUris,
  clientId = 'snxt-local',
  accessTokenTtl = 3600,
  identityPoolId = DEFAULT_IDENTITY_POOL_ID,
  identityAllowGuests = true,
  identityCredentialsTtl = 3600,
  signingKey,
  log = false,
}) {
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
    throw new TypeError('startOidcProvider: redirectUris must be a non-empty array');
  }
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new TypeError(`startOidcProvider: host must be 127.0.0.1 or localhost, got ${host}`);
  }

  // Listen first so that port 0 resolves to the real port, which is part of the issuer.
  /** @type {import('node:http').RequestListener | undefined} */
  let handler;
  const server = createServer((req, res) => handler?.(req, res));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const issuer = `http://${host}:${actualPort}`;

  const Provider = await loadProvider(log);
  /** @returns {Promise<void>} */
  const close = () =>
    new Promise((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  const identity = { poolId: identityPoolId, allowGuests: identityAllowGuests, credentialsTtl: identityCredentialsTtl };
  try {
    const provider = createProvider(Provider, {
      issuer,
      port: actualPort,
      redirectUris,
      clientId,
      accessTokenTtl,
      identity,
      signingKey,
      log,
    });
    handler = provider.callback();
  } catch (error) {
    await close(); // a bad option must not leave the port taken
    throw error;
  }

  return {
    issuer,
    port: actualPort,
    clientId,
    identityEndpoint: `${issuer}${IDENTITY_PATH}`,
    identityPoolId,
    close,
  };
}

/** @typedef {import('oidc-provider').Provider} Provider */

/**
 * Imports oidc-provider. Unless logging, its import-time "Unsupported runtime" warning (it wants
 * Node.js 22+, but runs fine on the project's Node 20) is kept off the console.
 * @param {boolean} log
 * @returns {Promise<typeof import('oidc-provider').Provider>}
 */
async function loadProvider(log) {
  if (log) return (await import('oidc-provider')).Provider;
  const { warn } = console;
  console.warn = (...args) => {
    if (!String(args[0]).includes('oidc-provider WARNING: Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).Provider;
  } finally {
    console.warn = warn;
  }
}

/**
 * In-memory storage for the provider's models (tokens, sessions, interactions, grants). Replaces
 * oidc-provider's own development adapter, which warns on every start and keeps only 1000 entries.
 * @returns {(model: string) => import('oidc-provider').Adapter}
 */
function createMemoryAdapter() {
  /** @type {Map<string, { payload: import('oidc-provider').AdapterPayload, expiresAt: number }>} */
  const entries = new Map();
  /** @type {Map<string, Set<string>>} keys of the tokens of each grant */
  const grantMembers = new Map();
  /** @type {Map<string, string>} session uid -> session id */
  const sessionIds = new Map();
  const tokenModels = new Set([
    'AccessToken',
    'AuthorizationCode',
    'RefreshToken',
    'DeviceCode',
    'BackchannelAuthenticationRequest',
  ]);

  /** @param {string} key */
  const read = (key) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };

  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const key = `${model}:${id}`;
      entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      if (model === 'Session' && payload.uid) sessionIds.set(payload.uid, id);
      if (tokenModels.has(model) && payload.grantId) {
        const members = grantMembers.get(payload.grantId) ?? new Set();
        grantMembers.set(payload.grantId, members.add(key));
      }
    },
    async find(id) {
      return read(`${model}:${id}`);
    },
    async findByUid(uid) {
      const id = sessionIds.get(uid);
      return id === undefined ? undefined : read(`Session:${id}`);
    },
    async findByUserCode() {
      return undefined; // no device flow
    },
    async consume(id) {
      const payload = read(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      entries.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const key of grantMembers.get(grantId) ?? []) entries.delete(key);
      grantMembers.delete(grantId);
    },
  });
}

/**
 * @param {typeof import('oidc-provider').Provider} Provider
 * @param {{ issuer: string, port: number, redirectUris: string[], clientId: string, accessTokenTtl: number,
 *   identity: { poolId: string, allowGuests: boolean, credentialsTtl: number },
 *   signingKey: import('node:crypto').JsonWebKey | undefined, log: boolean }} options
 * @returns {Provider}
 */
function createProvider(
  Provider,
  { issuer, port, redirectUris, clientId, accessTokenTtl, identity, signingKey: givenKey, log },
) {
  const privateKey = givenKey
    ? createPrivateKey({ key: givenKey, format: 'jwk' })
    : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const keyId = givenKey?.kid ?? randomUUID();
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: keyId, alg: 'RS256', use: 'sig' };
  const publicKey = { ...createPublicKey(privateKey).export({ format: 'jwk' }), kid: keyId, alg: 'RS256', use: 'sig' };

  // Cookies are host-wide (not per port): the port in their names keeps the app's cookies and
  // other providers on the same host apart. Plain `http` works: nothing sets `secure`. No `path`
  // here: oidc-provider scopes the interaction cookies to their own paths (the session one is '/').
  const cookieOptions = { httpOnly: true, sameSite: /** @type {const} */ ('lax') };
  const sessionCookieName = `op${port}_session`;

  /** @type {import('oidc-provider').Configuration} */
  const configuration = {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_name: 'Snxt (local)',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
        scope: SCOPES.join(' '),
        // Cognito's ID tokens always say when the user signed in.
        require_auth_time: true,
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: { session: sessionCookieName, interaction: `op${port}_interaction`, resume: `op${port}_resume` },
      long: { ...cookieOptions },
      short: { ...cookieOptions },
    },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false, // Cognito puts the scope claims in the ID token
    responseTypes: ['code'],
    pkce: { required: () => true }, // v9 only knows S256
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    routes: {
      authorization: '/oauth2/authorize',
      token: '/oauth2/token',
      userinfo: '/oauth2/userInfo',
      revocation: '/oauth2/revoke',
      jwks: '/.well-known/jwks.json',
      end_session: '/session/end',
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    // The browser app calls discovery/jwks (open CORS anyway), token, userinfo and revocation.
    clientBasedCORS: (_ctx, origin, client) =>
      [...client.redirectUris, ...client.postLogoutRedirectUris].some((uri) => new URL(uri).origin === origin),
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: false,
    expiresWithSession: async () => false,
    // No consent screen: the first-party client gets every scope it asks for.
    loadExistingGrant: async (ctx) => {
      const { client, session, account } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (!grant || grant.accountId !== account.accountId) {
        grant = new ctx.oidc.provider.Grant({ accountId: account.accountId, clientId: client.clientId });
      }
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => (sub === DEMO_ACCOUNT.sub ? demoAccount() : undefined),
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: accessTokenTtl,
      IdToken: accessTokenTtl,
      AuthorizationCode: 5 * 60, // Cognito: 5 minutes
      RefreshToken: REFRESH_TOKEN_TTL,
      Grant: REFRESH_TOKEN_TTL,
      Session: SESSION_TTL,
      Interaction: SESSION_TTL,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
  };

  const provider = new Provider(issuer, configuration);

  // provider.use() mounts middleware before the provider's own routes.
  if (log) enableLogging(provider);
  provider.use(errorBoundary);
  provider.use(cognitoLogout({ provider, clientId, redirectUris, sessionCookieName, cookieOptions }));
  provider.use(signInInteraction(provider));
  provider.use(
    cognitoIdentity({
      issuer,
      clientId,
      jwks: { keys: [publicKey] },
      identityPoolId: identity.poolId,
      allowGuests: identity.allowGuests,
      credentialsTtl: identity.credentialsTtl,
    }),
  );
  return provider;
}

/** @returns {import('oidc-provider').Account} */
function demoAccount() {
  return {
    accountId: DEMO_ACCOUNT.sub,
    claims: async () => ({
      sub: DEMO_ACCOUNT.sub,
      email: DEMO_ACCOUNT.email,
      email_verified: true,
      name: DEMO_ACCOUNT.name,
      given_name: DEMO_ACCOUNT.givenName,
      family_name: DEMO_ACCOUNT.familyName,
    }),
  };
}

/** @typedef {import('koa').Middleware} Middleware */

/**
 * Renders errors of our own middleware (expired interaction, bad body…) as a small HTML page.
 * @type {Middleware}
 */
async function errorBoundary(ctx, next) {
  try {
    await next();
  } catch (error) {
    const err = /** @type {any} */ (error);
    ctx.status = err.statusCode || err.status || 500;
    ctx.type = 'html';
    ctx.body = errorPage({
      error: err.error || (ctx.status >= 500 ? 'server_error' : 'invalid_request'),
      error_description: err.error_description || (err.expose ? err.message : undefined),
    });
    if (ctx.status >= 500) ctx.app.emit('error', err, ctx);
  }
}

/**
 * Cognito's `GET /logout?client_id=…&logout_uri=…`: ends the provider session of this browser and
 * redirects to `logout_uri`, which must be one of the client's sign-out URLs. Tokens stay valid.
 * @param {{ provider: Provider, clientId: string, redirectUris: string[], sessionCookieName: string,
 *   cookieOptions: object }} options
 * @returns {Middleware}
 */
function cognitoLogout({ provider, clientId, redirectUris, sessionCookieName, cookieOptions }) {
  return async (ctx, next) => {
    if (ctx.path !== '/logout' || ctx.method !== 'GET') return next();
    const { client_id: requestClientId, logout_uri: logoutUri } = ctx.query;
    if (requestClientId !== clientId || typeof logoutUri !== 'string' || !redirectUris.includes(logoutUri)) {
      ctx.status = 400;
      ctx.type = 'text';
      ctx.body = 'Bad request: client_id must be the app client and logout_uri one of its sign-out URLs.';
      return undefined;
    }
    const session = await provider.Session.get(ctx);
    if (!session.new) await session.destroy();
    ctx.cookies.set(sessionCookieName, null, cookieOptions);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(logoutUri);
    return undefined;
  };
}

/**
 * The login interaction: `GET /interaction/:uid` shows the sign-in form,
 * `POST /interaction/:uid/login` checks the credentials.
 * @param {Provider} provider
 * @returns {Middleware}
 */
function signInInteraction(provider) {
  return async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
    if (!match) return next();
    const [, uid, login] = match;
    if (ctx.method !== (login ? 'POST' : 'GET')) return next();

    ctx.set('Cache-Control', 'no-store');
    const interaction = await provider.interactionDetails(ctx.req, ctx.res);
    if (interaction.uid !== uid) ctx.throw(400, 'interaction mismatch, start the sign-in again');
    const action = `/interaction/${uid}/login`;

    // `loadExistingGrant` grants every scope, so there is never a consent prompt.
    if (interaction.prompt.name !== 'login') ctx.throw(500, `unexpected prompt: ${interaction.prompt.name}`);

    if (!login) {
      ctx.type = 'html';
      ctx.body = signInPage({ action, demoEmail: DEMO_ACCOUNT.email, demoPassword: DEMO_ACCOUNT.password });
      return undefined;
    }

    const form = await readForm(ctx.req);
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    if (email.toLowerCase() !== DEMO_ACCOUNT.email || password !== DEMO_ACCOUNT.password) {
      // 200 like Cognito (a 401 would put a "Failed to load resource" error in the browser console).
      ctx.type = 'html';
      ctx.body = signInPage({
        action,
        email,
        error: true,
        demoEmail: DEMO_ACCOUNT.email,
        demoPassword: DEMO_ACCOUNT.password,
      });
      return undefined;
    }
    const result = { login: { accountId: DEMO_ACCOUNT.sub, amr: ['pwd'] } };
    return redirect303(
      ctx,
      await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }),
    );
  };
}

/**
 * @param {import('koa').Context} ctx
 * @param {string} location
 */
function redirect303(ctx, location) {
  ctx.status = 303;
  ctx.redirect(location);
}

/**
 * Reads an `application/x-www-form-urlencoded` request body (small, capped at 16 KiB).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<URLSearchParams>}
 */
async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 16 * 1024)
      throw Object.assign(new Error('request body too large'), { status: 413, expose: true });
  }
  return new URLSearchParams(body);
}

/** @param {Provider} provider */
function enableLogging(provider) {
  provider.use(async (ctx, next) => {
    const started = Date.now();
    await next();
    console.log(`[oidc] ${ctx.method} ${ctx.originalUrl} -> ${ctx.status} (${Date.now() - started} ms)`);
  });
  for (const event of ['server_error', 'authorization.error', 'grant.error', 'end_session.error', 'userinfo.error']) {
    provider.on(event, (_ctx, error) => console.error(`[oidc] ${event}:`, error?.error_description ?? error));
  }
}

// CLI: npm run provider -- --port 5174 --redirect http://localhost:5173/ [--redirect …]
//      [--client-id snxt-local] [--access-token-ttl 3600] [--identity-pool-id eu-west-1:…]
//      [--identity-credentials-ttl 3600] [--identity-no-guests] [--log]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5174' },
      redirect: { type: 'string', multiple: true, default: [] },
      'client-id': { type: 'string', default: 'snxt-local' },
      'access-token-ttl': { type: 'string', default: '3600' },
      'identity-pool-id': { type: 'string', default: DEFAULT_IDENTITY_POOL_ID },
      'identity-credentials-ttl': { type: 'string', default: '3600' },
      'identity-no-guests': { type: 'boolean', default: false },
      log: { type: 'boolean', default: false },
    },
  });
  if (values.redirect.length === 0) {
    console.error('Usage: npm run provider -- [--port 5174] --redirect <app origin>/ [--redirect …]');
    process.exit(2);
  }
  const op = await startOidcProvider({
    port: Number(values.port),
    redirectUris: values.redirect,
    clientId: values['client-id'],
    accessTokenTtl: Number(values['access-token-ttl']),
    identityPoolId: values['identity-pool-id'],
    identityCredentialsTtl: Number(values['identity-credentials-ttl']),
    identityAllowGuests: !values['identity-no-guests'],
    log: values.log,
  });
  console.log(`OIDC provider ready at ${op.issuer}`);
  console.log(`Identity pool ${op.identityPoolId} at ${op.identityEndpoint}`);
  const stop = () =>
    op.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
