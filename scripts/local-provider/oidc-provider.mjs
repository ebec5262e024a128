// A local OpenID Connect provider (oidc-provider) answering like a Cognito user pool with one public client, in
// memory, for `npm start` and the e2e tests: PKCE, refresh tokens neither rotated nor ended with the session, the
// scope claims and auth_time in the ID token, no consent, Cognito's paths, `GET /logout`, /identity/, on a host
// name (localhost) passkeys (passkeys.mjs), and the product API of api/ at /api/, on dynalite.

import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

import { createAccounts } from './accounts.mjs';
import { testAccounts } from './accounts.mjs'; // example: books
import { DEMO_BOOKS } from './books-seed.mjs'; // example: books
import { cognitoIdentity, DEFAULT_IDENTITY_POOL_ID, IDENTITY_PATH } from './cognito-identity.mjs';
import { liveApi } from './live-api.mjs';
import { loadLocalApi } from './load-api.mjs';
import { errorPage, logoutPage, pageSecurityPolicy, signedOutPage, signInPage } from './oidc-provider-views.mjs';
import { createPasskeyStore, passkeySignIn, passkeys, relyingPartyOf } from './passkeys.mjs';
import { API_PATH, resourceApi } from './resource-api.mjs';

// The demo account is in groups (the profile shows them), the outsider in none.
export const DEMO_ACCOUNT = Object.freeze({
  email: 'demo@snxt.dev',
  password: 'snxt-demo',
  name: 'Demo User',
  givenName: 'Demo',
  familyName: 'User',
  sub: '6b1f2c0e-5d3a-4f8e-9a47-2c8e1d7b3f10',
  groups: Object.freeze(['snxt-demo-users', 'snxt-editors']),
  startsWithBooks: true, // example: books
});

export const OUTSIDER_ACCOUNT = Object.freeze({
  email: 'outsider@snxt.dev',
  password: 'snxt-outsider',
  name: 'Outside User',
  givenName: 'Outside',
  familyName: 'User',
  sub: '0d4e9a61-2b7c-4f3e-8c15-7a9f3e6d2b84',
  groups: Object.freeze([]),
  startsWithBooks: false, // example: books
});

const SCOPES = ['openid', 'email', 'profile'];
const REFRESH_TOKEN_TTL = 30 * 24 * 60 * 60; // Cognito's default: 30 days
const SESSION_TTL = 60 * 60; // Cognito's hosted UI session cookie lasts one hour
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

let processKey = /** @type {import('node:crypto').KeyObject | undefined} */ (undefined);
const keyOfThisProcess = () => (processKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);

/**
 * Listens on 127.0.0.1 (`host` may name it localhost in the issuer). `redirectUris` (app origins with a trailing
 * slash) are the sign-out URLs too; `signingKey` (a private JWK) lets a test forge tokens. The product API takes
 * `apiClientId`'s tokens, keeps its data in `apiDataDir` (else in memory) and serves `apiResources` (tests) if given;
 * with `watchApi` it serves what api/ and the permissions table say after a change.
 * `testAccounts` opens `POST /test/accounts`. // example: books
 * @param {{ redirectUris: string[], signingKey?: import('node:crypto').JsonWebKey, port?: number, host?: string,
 *   testAccounts?: boolean, // example: books
 *   clientId?: string, accessTokenTtl?: number, identityPoolId?: string, identityAllowGuests?: boolean,
 *   identityCredentialsTtl?: number, apiClientId?: string, apiDataDir?: string, apiResources?: Record<string, object>,
 *   watchApi?: boolean, log?: boolean }} options
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
  testAccounts: withTestAccounts = false, // example: books
  apiClientId = clientId,
  apiDataDir,
  apiResources,
  watchApi = false,
  log = false,
}) {
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
    throw new TypeError('startOidcProvider: redirectUris must be a non-empty array');
  }
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new TypeError(`startOidcProvider: host must be 127.0.0.1 or localhost, got ${host}`);
  }

  // Listen first so that port 0 resolves to the real port, which is part of the issuer.
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
  let api;
  const closeServer = () =>
    new Promise((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  const close = async () => {
    await closeServer();
    await api?.close();
  };
  const identity = { poolId: identityPoolId, allowGuests: identityAllowGuests, credentialsTtl: identityCredentialsTtl };
  const accounts = createAccounts([DEMO_ACCOUNT, OUTSIDER_ACCOUNT]);
  try {
    const { startLocalApi } = await loadLocalApi();
    const started = await startLocalApi({
      dataDir: apiDataDir,
      ...(apiResources && { resources: apiResources }),
      allowedOrigins: redirectUris.map((uri) => new URL(uri).origin),
      clientIds: [apiClientId],
      baseUrl: `${issuer}${API_PATH}`,
      logError: (error) => console.error('[local api]', error),
    });
    api = watchApi ? liveApi(started) : started;
    // example: books {
    const seedBooks = async (account) => {
      if (account.startsWithBooks) await api.seed(account.sub, 'books', DEMO_BOOKS);
    };
    if (api.created) await seedBooks(DEMO_ACCOUNT);
    // example: books }
    const provider = createProvider(Provider, {
      issuer,
      port: actualPort,
      redirectUris,
      clientId,
      accessTokenTtl,
      identity,
      signingKey,
      accounts,
      api: { local: api, clientId: apiClientId },
      testAccounts: withTestAccounts && { onCreated: seedBooks }, // example: books
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
    apiUrl: `${issuer}${API_PATH}`,
    booksUrl: `${issuer}${API_PATH}/books`, // example: books
    close,
  };
}

// oidc-provider warns at import time that it wants Node 22; it runs fine on 20, so that stays off the console.
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

/** The provider's models in memory: its own development adapter warns on every start and keeps 1000 entries. */
function createMemoryAdapter() {
  const entries = new Map();
  const tokenKeysByGrant = new Map();
  const sessionIdByUid = new Map();
  const tokenModels = new Set([
    'AccessToken',
    'AuthorizationCode',
    'RefreshToken',
    'DeviceCode',
    'BackchannelAuthenticationRequest',
  ]);

  const read = (key) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };

  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const key = `${model}:${id}`;
      entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      if (model === 'Session' && payload.uid) sessionIdByUid.set(payload.uid, id);
      if (tokenModels.has(model) && payload.grantId) {
        const members = tokenKeysByGrant.get(payload.grantId) ?? new Set();
        tokenKeysByGrant.set(payload.grantId, members.add(key));
      }
    },
    async find(id) {
      return read(`${model}:${id}`);
    },
    async findByUid(uid) {
      const id = sessionIdByUid.get(uid);
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
      for (const key of tokenKeysByGrant.get(grantId) ?? []) entries.delete(key);
      tokenKeysByGrant.delete(grantId);
    },
  });
}

function createProvider(
  Provider,
  {
    issuer,
    port,
    redirectUris,
    clientId,
    accessTokenTtl,
    identity,
    signingKey: givenKey,
    accounts,
    api,
    testAccounts: withTestAccounts, // example: books
    log,
  },
) {
  const privateKey = givenKey ? createPrivateKey({ key: givenKey, format: 'jwk' }) : keyOfThisProcess();
  const keyId = givenKey?.kid ?? randomUUID();
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: keyId, alg: 'RS256', use: 'sig' };
  const publicKey = { ...createPublicKey(privateKey).export({ format: 'jwk' }), kid: keyId, alg: 'RS256', use: 'sig' };

  // Cookies are per host, not per port: the port in their names keeps them apart from the app's and other
  // providers'. No `secure`, so plain http works; oidc-provider scopes the interaction cookies' paths itself.
  const cookieOptions = { httpOnly: true, sameSite: /** @type {const} */ ('lax') };
  const sessionCookieName = `op${port}_session`;

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
      openid: ['sub', 'cognito:groups'],
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
    // The app calls token, userinfo and revocation from the browser.
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
    findAccount: async (_ctx, sub) => {
      const account = accounts.bySub(sub);
      return account && accountClaims(account);
    },
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
  provider.use(pageSecurity(pageSecurityPolicy(redirectUris.map((uri) => new URL(uri).origin))));
  provider.use(errorBoundary);
  provider.use(cognitoLogout({ provider, clientId, redirectUris, sessionCookieName, cookieOptions }));
  const rp = relyingPartyOf(issuer);
  provider.use(signInInteraction(provider, accounts, rp !== null));
  if (rp) {
    const store = createPasskeyStore();
    provider.use(passkeys({ provider, rp, clientId, redirectUris, accounts, store }));
  }
  provider.use(resourceApi({ provider, clientId: api.clientId, accountOf: accounts.bySub, api: api.local }));
  // example: books {
  if (withTestAccounts) {
    provider.use(testAccounts(accounts, { demo: DEMO_ACCOUNT, outsider: OUTSIDER_ACCOUNT }, withTestAccounts));
  }
  // example: books }
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

// Like Cognito: cognito:groups in the ID token only, and only for a user in a group.
function accountClaims(account) {
  return {
    accountId: account.sub,
    claims: async (use) => ({
      sub: account.sub,
      email: account.email,
      email_verified: true,
      name: account.name,
      given_name: account.givenName,
      family_name: account.familyName,
      ...(use === 'id_token' && account.groups.length > 0 ? { 'cognito:groups': [...account.groups] } : {}),
    }),
  };
}

function pageSecurity(policy) {
  return async (ctx, next) => {
    await next();
    if (ctx.response.is('html')) ctx.set('Content-Security-Policy', policy);
  };
}

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

/** Cognito's `GET /logout?client_id&logout_uri`: ends this browser's session (tokens stay valid), back to the app. */
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

function signInInteraction(provider, accounts, withPasskeys) {
  return async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
    if (!match) return next();
    const [, uid, login] = match;
    if (ctx.method !== (login ? 'POST' : 'GET')) return next();

    ctx.set('Cache-Control', 'no-store');
    const interaction = await provider.interactionDetails(ctx.req, ctx.res);
    if (interaction.uid !== uid) ctx.throw(400, 'interaction mismatch, start the sign-in again');
    const action = `/interaction/${uid}/login`;
    const passkey = withPasskeys ? passkeySignIn(uid) : null;

    if (interaction.prompt.name !== 'login') ctx.throw(500, `unexpected prompt: ${interaction.prompt.name}`);

    if (!login) {
      ctx.type = 'html';
      ctx.body = signInPage({ action, accounts: accounts.listed, passkey });
      return undefined;
    }

    const form = await readForm(ctx.req);
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    const account = accounts.byEmail(email);
    if (!account || password !== account.password) {
      // 200 like Cognito (a 401 would put a "Failed to load resource" error in the browser console).
      ctx.type = 'html';
      ctx.body = signInPage({ action, email, error: true, accounts: accounts.listed, passkey });
      return undefined;
    }
    const result = { login: { accountId: account.sub, amr: ['pwd'] } };
    return redirect303(
      ctx,
      await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }),
    );
  };
}

function redirect303(ctx, location) {
  ctx.status = 303;
  ctx.redirect(location);
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 16 * 1024)
      throw Object.assign(new Error('request body too large'), { status: 413, expose: true });
  }
  return new URLSearchParams(body);
}

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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5174' },
      host: { type: 'string', default: 'localhost' },
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
    host: values.host,
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
  console.log(`Product API at ${op.apiUrl}/{resource}`);
  console.log(`Books API at ${op.booksUrl}`); // example: books
  const stop = () =>
    op.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
