import { z } from 'zod';
import { ApiFailure } from '../api-failure';
import { http, HttpError, NetworkError } from '../http';
import { fieldErrorsFrom, type FieldErrors } from './field-errors';
import type { ListSearch } from './list-search';

// Zod compiles faster checks with `new Function`, which the CSP's Trusted Types refuse (and report).
z.config({ jitless: true });

export type ResourceFailure =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'preconditionRequired'
  | 'rateLimited'
  | 'offline'
  | 'failed';

const FAILURE_BY_STATUS: Record<number, ResourceFailure> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  412: 'conflict',
  428: 'preconditionRequired',
  429: 'rateLimited',
};

/** A failed call, by what the user can do about it; a `400` with known fields carries their error codes. */
export class ResourceError extends ApiFailure {
  constructor(
    readonly failure: ResourceFailure,
    readonly fieldErrors: FieldErrors = {},
    options?: ErrorOptions,
  ) {
    super(`API: ${failure}`, options);
    this.name = 'ResourceError';
  }
}

export const failureOf = (error: unknown): ResourceFailure =>
  error instanceof ResourceError ? error.failure : 'failed';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Versioned<T> {
  record: T;
  etag: string;
}

export interface ResourceClient<T, F> {
  list(search: ListSearch, signal?: AbortSignal): Promise<Page<T>>;
  get(id: string, signal?: AbortSignal): Promise<Versioned<T>>;
  create(fields: F): Promise<Versioned<T>>;
  update(id: string, fields: F, etag: string): Promise<Versioned<T>>;
  remove(id: string): Promise<void>;
}

// Ids go into the path: anything but a plain token (`..`, `/`, `?`) could reach another resource.
const ID = /^[\w-]{1,128}$/;

async function failureFrom(error: unknown, fields: readonly string[]): Promise<unknown> {
  if (error instanceof NetworkError) {
    return new ResourceError(navigator.onLine === false ? 'offline' : 'failed', {}, { cause: error });
  }
  if (!(error instanceof HttpError)) return error;
  if (error.status === 400) {
    const body: unknown = await error.response.json().catch(() => null);
    const errors = fieldErrorsFrom((body as { errors?: unknown } | null)?.errors, fields);
    if (Object.keys(errors).length > 0) return new ResourceError('invalid', errors, { cause: error });
  }
  return new ResourceError(FAILURE_BY_STATUS[error.status] ?? 'failed', {}, { cause: error });
}

async function parsed<T>(response: Response, shape: z.ZodType<T>): Promise<T> {
  const result = shape.safeParse(await response.json().catch(() => undefined));
  if (!result.success) throw new ResourceError('failed', {}, { cause: result.error });
  return result.data;
}

/** Every answer checked against `record` before anything renders it; every failure a ResourceError. */
export function createResourceClient<T extends { id: string }, F>(options: {
  url: () => string | null | undefined;
  record: z.ZodType<T>;
  fields: readonly string[];
}): ResourceClient<T, F> {
  const pageShape = z.object({
    items: z.array(options.record),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });

  const base = (): string => {
    const url = options.url();
    if (!url) throw new ResourceError('failed', {}, { cause: 'The API address is not configured' });
    return url;
  };
  const recordUrl = (id: string): string => {
    if (!ID.test(id)) throw new ResourceError('notFound');
    return `${base()}/${id}`;
  };
  const send = async (url: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await http(url, { ...init, handleErrors: true });
    } catch (error) {
      throw await failureFrom(error, options.fields);
    }
  };
  const versioned = async (response: Response): Promise<Versioned<T>> => {
    const etag = response.headers.get('ETag');
    if (!etag) throw new ResourceError('failed', {}, { cause: 'A record without an ETag cannot be changed' });
    return { record: await parsed(response, options.record), etag };
  };
  const json = (fields: F, headers: Record<string, string> = {}): RequestInit => ({
    body: JSON.stringify(fields),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

  return {
    async list({ q, sort, order, page, pageSize }, signal) {
      const query = new URLSearchParams({
        ...(q === undefined ? {} : { q }),
        sort,
        order,
        page: String(page),
        pageSize: String(pageSize),
      });
      return parsed(await send(`${base()}?${query}`, { signal }), pageShape);
    },
    get: async (id, signal) => versioned(await send(recordUrl(id), { signal })),
    create: async (fields) => versioned(await send(base(), { method: 'POST', ...json(fields) })),
    update: async (id, fields, etag) =>
      versioned(await send(recordUrl(id), { method: 'PUT', ...json(fields, { 'If-Match': etag }) })),
    async remove(id) {
      await send(recordUrl(id), { method: 'DELETE' });
    },
  };
}
