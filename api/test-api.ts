// For the tests: the handler on an in-memory dynalite, called with the events API Gateway would send.
import type { ApiEvent, ApiResult } from './api-event.ts';
import { type LocalApiOptions, startLocalApi } from './local-api.ts';

export const APP_ORIGIN = 'http://app.test';
export const CLIENT_ID = 'snxt-app';
export const BASE_URL = 'https://api.test';

export interface TestCaller {
  readonly sub: string;
  readonly groups?: readonly string[];
}

export interface Call {
  readonly method?: string;
  readonly query?: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  /** The verified claims as API Gateway passes them (strings; groups as `[a b]`); none: no authorizer. */
  readonly claims?: Record<string, unknown> | null;
}

export const claimsOf = ({ sub, groups = [] }: TestCaller): Record<string, unknown> => ({
  sub,
  client_id: CLIENT_ID,
  token_use: 'access',
  scope: 'openid email profile',
  ...(groups.length > 0 ? { 'cognito:groups': `[${groups.join(' ')}]` } : {}),
});

function apiEvent(path: string, caller: TestCaller | null, call: Call = {}): ApiEvent {
  const { method = 'GET', query = '', headers = {}, body } = call;
  const claims = call.claims === undefined ? caller && claimsOf(caller) : call.claims;
  const bytes =
    body === undefined
      ? undefined
      : body instanceof Uint8Array
        ? Buffer.from(body)
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
  const sent = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  if (bytes && typeof body === 'object' && !(body instanceof Uint8Array) && !sent['content-type']) {
    sent['content-type'] = 'application/json';
  }
  return {
    rawPath: path,
    rawQueryString: query,
    headers: sent,
    ...(bytes ? { body: bytes.toString('base64'), isBase64Encoded: true } : {}),
    requestContext: {
      domainName: 'api.test',
      http: { method },
      ...(claims ? { authorizer: { jwt: { claims } } } : {}),
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads its own shape
}

const answerOf = (result: ApiResult): Answer => ({
  status: result.statusCode,
  headers: Object.fromEntries(Object.entries(result.headers).map(([name, value]) => [name.toLowerCase(), value])),
  body: result.body === '' ? undefined : JSON.parse(result.body),
});

export async function startTestApi(options: LocalApiOptions = {}) {
  const api = await startLocalApi({
    allowedOrigins: [APP_ORIGIN],
    clientIds: [CLIENT_ID],
    baseUrl: BASE_URL,
    ...options,
  });
  let callers = 0;
  return {
    api,
    call: async (path: string, caller: TestCaller | null, call?: Call) =>
      answerOf(await api.handle(apiEvent(path, caller, call))),
    newCaller: (groups: readonly string[] = []): TestCaller => ({ sub: `user-${(callers += 1)}`, groups }),
    close: api.close,
  };
}
