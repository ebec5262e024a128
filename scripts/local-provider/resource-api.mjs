// The product API at {issuer}/api/: the token checked here as API Gateway's authorizer does, then api/'s handler.
import { randomUUID } from 'node:crypto';
import { readBody } from './read-body.mjs';

export const API_PATH = '/api';
const MAX_TOKEN_LENGTH = 4096;
const BEARER = /^Bearer +([\w.~+/-]+=*) *$/i;
const API_GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

export function resourceApi({ provider, clientId, accountOf, api }) {
  // As API Gateway passes on a Cognito access token's claims (groups as "[a b]").
  async function claimsOf(ctx) {
    const token = BEARER.exec(ctx.get('authorization'))?.[1];
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const accessToken = await provider.AccessToken.find(token);
    if (!accessToken || accessToken.isExpired || accessToken.clientId !== clientId) return null;
    if (accessToken.isSenderConstrained()) return null;
    const grant = await provider.Grant.find(accessToken.grantId);
    if (!grant || grant.clientId !== clientId || grant.accountId !== accessToken.accountId) return null;
    const account = accountOf(accessToken.accountId);
    if (!account) return null;
    return {
      sub: account.sub,
      client_id: accessToken.clientId,
      token_use: 'access',
      scope: accessToken.scope ?? '',
      ...(account.groups.length > 0 ? { 'cognito:groups': `[${account.groups.join(' ')}]` } : {}),
    };
  }

  return async function serveApi(ctx, next) {
    if (ctx.path !== API_PATH && !ctx.path.startsWith(`${API_PATH}/`)) return next();
    // Read (and drain) the body first: answering before it is consumed can reset the connection.
    const body =
      ctx.method === 'POST' || ctx.method === 'PUT' ? await readBody(ctx.req, API_GATEWAY_MAX_BODY_BYTES) : undefined;
    if (body === null) {
      ctx.status = 413;
      ctx.body = { error: 'tooLarge' };
      return undefined;
    }
    const claims = await claimsOf(ctx);
    const headers = Object.fromEntries(
      Object.entries(ctx.req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
    );
    const result = await api.handle({
      version: '2.0',
      routeKey: '$default',
      rawPath: ctx.path.slice(API_PATH.length),
      rawQueryString: ctx.querystring,
      headers,
      ...(body && body.length > 0 ? { body: body.toString('base64'), isBase64Encoded: true } : {}),
      requestContext: {
        domainName: ctx.host,
        requestId: randomUUID(),
        http: {
          method: ctx.method,
          path: ctx.path,
          protocol: 'HTTP/1.1',
          sourceIp: ctx.ip,
          userAgent: ctx.get('user-agent'),
        },
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      },
    });
    ctx.status = result.statusCode;
    ctx.set(result.headers);
    ctx.body = result.body === '' ? null : result.body;
    return undefined;
  };
}
