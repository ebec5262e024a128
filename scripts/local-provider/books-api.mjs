// The Books example's API at /api/books: books per user (by the provider's access token), deletes for snxt-editors.
import { codePoints, validateBook } from './books-rules.mjs';
import { readBody } from './read-body.mjs';

export const BOOKS_PATH = '/api/books';
const EDITORS_GROUP = 'snxt-editors';

// A book's JSON stays under 30 KB even with every character sent as \u escapes (two for an emoji).
const MAX_BODY_BYTES = 64 * 1024;
const MAX_TOKEN_LENGTH = 4096;
const MAX_QUERY_LENGTH = 200;
const MAX_PAGE_SIZE = 100;
const BEARER = /^Bearer +([\w.~+/-]+=*) *$/i;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SORTS = new Set(['title', 'author', 'year']);
const ORDERS = new Set(['asc', 'desc']);
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

class ApiError extends Error {
  constructor(status, body, headers = {}) {
    super(`books api: ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const invalidToken = () =>
  new ApiError(401, { error: 'invalid_token' }, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
const notFound = () => new ApiError(404, { error: 'notFound' });
const badRequest = (errors) => new ApiError(400, { errors });
const methodNotAllowed = (allow) => new ApiError(405, { error: 'methodNotAllowed' }, { Allow: allow });

export function booksApi({ provider, clientId, issuer, appOrigins, accountOf, store, now = Date.now }) {
  const origins = new Set(appOrigins);
  const collectionUrl = `${issuer}${BOOKS_PATH}`;

  async function userOf(ctx) {
    const token = BEARER.exec(ctx.get('authorization'))?.[1];
    if (!token || token.length > MAX_TOKEN_LENGTH) throw invalidToken();
    const accessToken = await provider.AccessToken.find(token);
    if (!accessToken || accessToken.isExpired || accessToken.clientId !== clientId) throw invalidToken();
    if (accessToken.isSenderConstrained()) throw invalidToken();
    const grant = await provider.Grant.find(accessToken.grantId);
    if (!grant || grant.clientId !== clientId || grant.accountId !== accessToken.accountId) throw invalidToken();
    const account = accountOf(accessToken.accountId);
    if (!account) throw invalidToken();
    return account;
  }

  // Any year someone somewhere already has: the clock's year in the time zone furthest ahead.
  const currentYear = () => new Date(now() + LATEST_UTC_OFFSET_MS).getUTCFullYear();

  async function bookFrom(ctx, body) {
    const mediaType = ctx.get('content-type').split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') throw new ApiError(415, { error: 'unsupportedMediaType' });
    const checked = validateBook(parseObject(body), currentYear());
    if (checked.errors) throw badRequest(checked.errors);
    return checked.fields;
  }

  const collection = {
    GET: (ctx, user) => reply(ctx, 200, store.list(user.sub, listQuery(ctx.querystring))),
    async POST(ctx, user, body) {
      const entry = store.create(user.sub, await bookFrom(ctx, body));
      reply(ctx, 201, entry.book, { ETag: entry.etag, Location: `${collectionUrl}/${entry.book.id}` });
    },
  };

  const book = {
    GET(ctx, user, _body, id) {
      const entry = store.get(user.sub, id) ?? throwing(notFound());
      reply(ctx, 200, entry.book, { ETag: entry.etag });
    },
    async PUT(ctx, user, body, id) {
      const entry = store.get(user.sub, id) ?? throwing(notFound());
      const ifMatch = ctx.get('if-match');
      if (ifMatch === '') throw new ApiError(428, { error: 'preconditionRequired' });
      if (!etagMatches(ifMatch, entry.etag)) throw new ApiError(412, { error: 'preconditionFailed' });
      const replaced = store.replace(user.sub, id, await bookFrom(ctx, body));
      reply(ctx, 200, replaced.book, { ETag: replaced.etag });
    },
    DELETE(ctx, user, _body, id) {
      if (!user.groups.includes(EDITORS_GROUP)) throw new ApiError(403, { error: 'forbidden' });
      const entry = store.get(user.sub, id) ?? throwing(notFound());
      const ifMatch = ctx.get('if-match');
      if (ifMatch !== '' && !etagMatches(ifMatch, entry.etag)) throw new ApiError(412, { error: 'preconditionFailed' });
      store.remove(user.sub, id);
      reply(ctx, 204);
    },
  };

  return async function books(ctx, next) {
    const route = routeOf(ctx.path);
    if (!route) return next();
    ctx.vary('Origin');
    const origin = ctx.get('origin');
    if (origins.has(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', 'ETag, Location');
    }
    if (ctx.method === 'OPTIONS') return preflight(ctx, origins.has(origin));
    ctx.set('Cache-Control', 'no-store');
    // Read (and drain) the body first: answering before it is consumed can reset the connection.
    const body = ctx.method === 'POST' || ctx.method === 'PUT' ? await readBody(ctx.req, MAX_BODY_BYTES) : undefined;
    try {
      const user = await userOf(ctx);
      if (body === null) throw new ApiError(413, { error: 'tooLarge' });
      const handlers = route.id === undefined ? collection : route.id === null ? throwing(notFound()) : book;
      if (!Object.hasOwn(handlers, ctx.method)) throw methodNotAllowed(`${Object.keys(handlers).join(', ')}, OPTIONS`);
      await handlers[ctx.method](ctx, user, body, route.id);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        ctx.app.emit('error', error, ctx);
        return reply(ctx, 500, { error: 'serverError' });
      }
      reply(ctx, error.status, error.body, error.headers);
    }
    return undefined;
  };
}

function routeOf(path) {
  if (path === BOOKS_PATH) return { id: undefined };
  if (!path.startsWith(`${BOOKS_PATH}/`)) return undefined;
  const id = path.slice(BOOKS_PATH.length + 1);
  return { id: ID.test(id) ? id : null };
}

function preflight(ctx, granted) {
  if (granted) {
    ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, If-Match');
    ctx.set('Access-Control-Max-Age', '600');
  }
  ctx.status = 204;
  return undefined;
}

function reply(ctx, status, body, headers = {}) {
  ctx.set(headers);
  ctx.status = status;
  if (body !== undefined) ctx.body = body;
}

function throwing(error) {
  throw error;
}

/** `If-Match: *` or a list of entity tags, compared strongly (a weak tag never matches). */
function etagMatches(header, etag) {
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim() === etag);
}

function parseObject(body) {
  let value;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw badRequest({ body: 'invalid' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest({ body: 'invalid' });
  return value;
}

/** The list's query: a parameter given twice or out of its range is a 400 naming it; an empty one is unset. */
function listQuery(querystring) {
  const params = new URLSearchParams(querystring);
  const errors = {};
  const one = (name) => {
    const values = params.getAll(name);
    if (values.length > 1) errors[name] = 'invalid';
    return values.length === 1 && values[0] !== '' ? values[0] : undefined;
  };
  const choice = (name, allowed, fallback) => {
    const value = one(name);
    if (value !== undefined && !allowed.has(value)) errors[name] = 'invalid';
    return value ?? fallback;
  };
  const whole = (name, fallback, max) => {
    const value = one(name);
    if (value === undefined) return fallback;
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    if (Number.isNaN(number)) errors[name] = 'invalid';
    else if (number < 1 || number > max) errors[name] = 'range';
    return number;
  };
  const q = (one('q') ?? '').trim();
  if (codePoints(q) > MAX_QUERY_LENGTH) errors.q = 'tooLong';
  const query = {
    q,
    sort: choice('sort', SORTS, 'title'),
    order: choice('order', ORDERS, 'asc'),
    page: whole('page', 1, Number.MAX_SAFE_INTEGER),
    pageSize: whole('pageSize', 10, MAX_PAGE_SIZE),
  };
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return query;
}
