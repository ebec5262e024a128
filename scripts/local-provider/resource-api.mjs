// The product API at `{issuer}/api/{resource}`: the provider checks the bearer token (as API Gateway's JWT authorizer
// does on AWS) and hands the handler of api/ the event API Gateway would, with the token's claims.
import { randomUUID } from 'node:crypto';
import { readBody } from './read-body.mjs';

export const API_PATH = '/api';
const MAX_TOKEN_LENGTH = 4096;
const BEARER = /^Bearer +([\w.~+/-]+=*) *$/i;
/** API Gateway's own limit; the handler refuses far less. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * @param {{ provider: any, clientId: string, accountOf: (sub: string) => { sub: string, groups: readonly string[] } | undefined,
 *   api: { handle: (event: object) => Promise<{ statusCode: number, headers: Record<string, string>, body: string }> } }} options
 */
export function resourceApi({ provider, clientId, accountOf, api }) {
  // The claims of a valid access token of the app, as API Gateway passes a Cognito token's on (groups as "[a b]").
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
    const body = ctx.method === 'POST' || ctx.method === 'PUT' ? await readBody(ctx.req, MAX_BODY_BYTES) : undefined;
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
