// One handler for every resource, on API Gateway's HTTP API events: the whole contract (docs/api.md), always.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { groupsMay, PERMISSIONS } from '../src/config/permissions.ts';
import { type ApiEvent, type ApiResult, headerOf } from './api-event.ts';
import { type Caller, callerOf } from './caller.ts';
import { itemStore, type Owner, type StoredItem } from './item-store.ts';
import { listQuery } from './list-query.ts';
import { checkFields, type FieldError, type Fields, matching, type Resource, sortItems } from './resource.ts';
import { RESOURCE_NAME } from './table.ts';

/** A body's limit: a record of a few text fields, with room for every character sent as a `\u` escape. */
const MAX_BODY_BYTES = 16 * 1024;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const THROTTLED = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);

export interface ResourceApiOptions {
  readonly documents: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly resources: Readonly<Record<string, Resource>>;
  readonly allowedOrigins: readonly string[];
  readonly clientIds: readonly string[];
  readonly permissions?: Readonly<Record<string, readonly string[]>>;
  readonly baseUrlOf?: (event: ApiEvent) => string;
  readonly now?: () => number;
  readonly logError?: (error: unknown) => void;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`api: ${status}`);
  }
}

const invalidToken = () =>
  new ApiError(401, { error: 'invalid_token' }, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
const notFound = () => new ApiError(404, { error: 'notFound' });
const badRequest = (errors: Record<string, FieldError>) => new ApiError(400, { errors });
const preconditionFailed = () => new ApiError(412, { error: 'preconditionFailed' });

const etagOf = (item: StoredItem) => `"${item.version}"`;

/** `*`, or the stored version's tag among those listed; compared strongly (a weak tag never matches). */
function etagMatches(header: string, item: StoredItem): boolean {
  return header === '*' || header.split(',').some((tag) => tag.trim() === etagOf(item));
}

function bodyBytes(event: ApiEvent): Buffer {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

function parseObject(bytes: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw badRequest({ body: 'invalid' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest({ body: 'invalid' });
  return value as Record<string, unknown>;
}

interface Route {
  readonly name: string;
  readonly resource: Resource;
  readonly id?: string;
}

/** `/{resource}` or `/{resource}/{id}`, or null (a 404): no such resource, or an id the handler cannot have made. */
function routeOf(rawPath: string, resources: Readonly<Record<string, Resource>>): Route | null {
  const [, name = '', id, ...rest] = rawPath.split('/');
  const resource = RESOURCE_NAME.test(name) && Object.hasOwn(resources, name) ? resources[name] : undefined;
  if (!resource || rest.length > 0 || (id !== undefined && !ID.test(id))) return null;
  return { name, resource, ...(id === undefined ? {} : { id }) };
}

export function createResourceApi(options: ResourceApiOptions) {
  const { resources, allowedOrigins, clientIds, permissions = PERMISSIONS, now = Date.now } = options;
  const { logError = console.error } = options;
  const store = itemStore(options.documents, options.tableName);
  const baseUrlOf = options.baseUrlOf ?? ((event: ApiEvent) => `https://${event.requestContext.domainName}`);

  const json = (item: StoredItem) => ({ id: item.id, ...item.fields, updatedAt: item.updatedAt });

  function fieldsFrom(event: ApiEvent, resource: Resource, bytes: Buffer): Fields {
    const mediaType = headerOf(event, 'content-type').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') throw new ApiError(415, { error: 'unsupportedMediaType' });
    const checked = checkFields(resource, parseObject(bytes), now());
    if ('errors' in checked) throw badRequest(checked.errors);
    return checked.fields;
  }

  async function existing(owner: Owner, id: string) {
    const item = await store.get(owner, id);
    if (!item) throw notFound();
    return item;
  }

  async function conflict(owner: Owner, id: string): Promise<never> {
    throw (await store.get(owner, id)) ? preconditionFailed() : notFound();
  }

  type Call = { event: ApiEvent; caller: Caller; route: Route; owner: Owner; bytes: Buffer; id: string };
  type Handler = (call: Call) => Promise<[number, unknown?, Record<string, string>?]>;

  const collection: Record<string, Handler> = {
    async GET({ event, route, owner }) {
      const parsed = listQuery(event.rawQueryString ?? '', route.resource);
      if ('errors' in parsed) throw badRequest(parsed.errors);
      const { q, sort, order, page, pageSize } = parsed.query;
      const items = (await store.all(owner)).map(json);
      const found = sortItems(matching(items, route.resource.search, q), route.resource.sorts[sort] ?? [], order);
      return [200, { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize }];
    },
    async POST({ event, route, owner, bytes }) {
      const created = await store.create(owner, fieldsFrom(event, route.resource, bytes), now());
      const location = `${baseUrlOf(event)}/${route.name}/${created.id}`;
      return [201, json(created), { ETag: etagOf(created), Location: location }];
    },
  };

  const one: Record<string, Handler> = {
    async GET({ owner, id }) {
      const item = await existing(owner, id);
      return [200, json(item), { ETag: etagOf(item) }];
    },
    async PUT({ event, route, owner, bytes, id }) {
      const item = await existing(owner, id);
      const ifMatch = headerOf(event, 'if-match');
      if (ifMatch === '') throw new ApiError(428, { error: 'preconditionRequired' });
      if (!etagMatches(ifMatch, item)) throw preconditionFailed();
      const replaced = await store.replace(owner, id, item.version, fieldsFrom(event, route.resource, bytes), now());
      if (!replaced) return conflict(owner, id);
      return [200, json(replaced), { ETag: etagOf(replaced) }];
    },
    async DELETE({ event, caller, route, owner, id }) {
      if (!groupsMay(caller.groups, `${route.name}:delete`, permissions)) {
        throw new ApiError(403, { error: 'forbidden' });
      }
      const ifMatch = headerOf(event, 'if-match');
      let version: number | undefined;
      if (ifMatch !== '') {
        const item = await existing(owner, id);
        if (!etagMatches(ifMatch, item)) throw preconditionFailed();
        version = item.version;
      }
      if (!(await store.remove(owner, id, version))) {
        if (version === undefined) throw notFound();
        return conflict(owner, id);
      }
      return [204];
    },
  };

  async function answer(event: ApiEvent): Promise<[number, unknown?, Record<string, string>?]> {
    const caller = callerOf(event.requestContext.authorizer?.jwt?.claims, clientIds);
    if (!caller) throw invalidToken();
    const route = routeOf(event.rawPath, resources);
    if (!route) throw notFound();
    const method = event.requestContext.http.method.toUpperCase();
    const bytes = method === 'POST' || method === 'PUT' ? bodyBytes(event) : Buffer.alloc(0);
    if (bytes.length > MAX_BODY_BYTES) throw new ApiError(413, { error: 'tooLarge' });
    const handlers = route.id === undefined ? collection : one;
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
    if (!handler) {
      throw new ApiError(405, { error: 'methodNotAllowed' }, { Allow: `${Object.keys(handlers).join(', ')}, OPTIONS` });
    }
    const owner = { resource: route.name, sub: caller.sub };
    return handler({ event, caller, route, owner, bytes, id: route.id ?? '' });
  }

  return async function handle(event: ApiEvent): Promise<ApiResult> {
    const origin = headerOf(event, 'origin');
    const allowed = origin !== '' && allowedOrigins.includes(origin);
    const headers: Record<string, string> = {
      Vary: 'Origin',
      ...(allowed ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'ETag, Location' } : {}),
    };
    if (event.requestContext.http.method.toUpperCase() === 'OPTIONS') {
      const preflight: Record<string, string> = allowed
        ? {
            'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
            'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-Match',
            'Access-Control-Max-Age': '600',
          }
        : {};
      return { statusCode: 204, headers: { ...headers, ...preflight }, body: '' };
    }
    let status: number;
    let body: unknown;
    let extra: Record<string, string> = {};
    try {
      [status, body, extra = {}] = await answer(event);
    } catch (error) {
      if (error instanceof ApiError) [status, body, extra] = [error.status, error.body, error.headers];
      else if (error instanceof Error && THROTTLED.has(error.name)) {
        [status, body, extra] = [503, { error: 'busy' }, { 'Retry-After': '1' }];
      } else {
        logError(error);
        [status, body] = [500, { error: 'serverError' }];
      }
    }
    return {
      statusCode: status,
      headers: {
        ...headers,
        'Cache-Control': 'no-store',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
        ...extra,
      },
      body: body === undefined ? '' : JSON.stringify(body),
    };
  };
}
