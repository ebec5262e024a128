import { z } from 'zod';
import { ApiFailure } from '../../lib/api-failure';
import { http, HttpError, NetworkError } from '../../lib/http';
import { bookFieldErrors, type BookFieldErrors } from './book-rules';
import type { BooksSearch } from './search-params';

declare const __BOOKS_API_URL__: string | null;

const bookShape = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  year: z.number().int(),
  isbn: z.string(),
  description: z.string(),
  updatedAt: z.string(),
});
const pageShape = z.object({
  items: z.array(bookShape),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});

export type Book = z.infer<typeof bookShape>;
export type BookFields = Pick<Book, 'title' | 'author' | 'year' | 'isbn' | 'description'>;
export type BookPage = z.infer<typeof pageShape>;
/** A book with the entity tag of this version, which a change must send back (`If-Match`). */
export interface VersionedBook {
  book: Book;
  etag: string;
}

export type BooksFailure =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'preconditionRequired'
  | 'rateLimited'
  | 'offline'
  | 'failed';

const FAILURE_BY_STATUS: Record<number, BooksFailure> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  412: 'conflict',
  428: 'preconditionRequired',
  429: 'rateLimited',
};

export class BooksApiError extends ApiFailure {
  constructor(
    readonly failure: BooksFailure,
    readonly fieldErrors: BookFieldErrors = {},
    options?: ErrorOptions,
  ) {
    super(`Books API: ${failure}`, options);
    this.name = 'BooksApiError';
  }
}

// Ids go into the path: anything but a plain token (`..`, `/`, `?`) could reach another resource.
const ID = /^[\w-]{1,128}$/;

function bookUrl(id: string): string {
  if (!ID.test(id)) throw new BooksApiError('notFound');
  return `${baseUrl()}/${id}`;
}

function baseUrl(): string {
  if (!__BOOKS_API_URL__) throw new BooksApiError('failed', {}, { cause: 'VITE_BOOKS_API_URL is not set' });
  return __BOOKS_API_URL__;
}

async function failureOf(error: unknown): Promise<unknown> {
  if (error instanceof NetworkError) {
    return new BooksApiError(navigator.onLine === false ? 'offline' : 'failed', {}, { cause: error });
  }
  if (!(error instanceof HttpError)) return error;
  if (error.status === 400) {
    const body: unknown = await error.response.json().catch(() => null);
    const errors = bookFieldErrors((body as { errors?: unknown } | null)?.errors);
    if (Object.keys(errors).length > 0) return new BooksApiError('invalid', errors, { cause: error });
  }
  return new BooksApiError(FAILURE_BY_STATUS[error.status] ?? 'failed', {}, { cause: error });
}

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await http(url, { ...init, handleErrors: true });
  } catch (error) {
    throw await failureOf(error);
  }
}

async function parsed<T>(response: Response, shape: z.ZodType<T>): Promise<T> {
  const result = shape.safeParse(await response.json().catch(() => undefined));
  if (!result.success) throw new BooksApiError('failed', {}, { cause: result.error });
  return result.data;
}

async function versioned(response: Response): Promise<VersionedBook> {
  const etag = response.headers.get('ETag');
  if (!etag) throw new BooksApiError('failed', {}, { cause: 'a book without an ETag cannot be changed' });
  return { book: await parsed(response, bookShape), etag };
}

const json = (fields: BookFields, headers: Record<string, string> = {}): RequestInit => ({
  body: JSON.stringify(fields),
  headers: { 'Content-Type': 'application/json', ...headers },
});

export async function listBooks(search: BooksSearch, signal?: AbortSignal): Promise<BookPage> {
  const query = new URLSearchParams({
    ...(search.q === undefined ? {} : { q: search.q }),
    sort: search.sort,
    order: search.order,
    page: String(search.page),
    pageSize: String(search.pageSize),
  });
  return parsed(await send(`${baseUrl()}?${query}`, { signal }), pageShape);
}

export async function getBook(id: string, signal?: AbortSignal): Promise<VersionedBook> {
  return versioned(await send(bookUrl(id), { signal }));
}

export async function createBook(fields: BookFields): Promise<VersionedBook> {
  return versioned(await send(baseUrl(), { method: 'POST', ...json(fields) }));
}

export async function updateBook(id: string, fields: BookFields, etag: string): Promise<VersionedBook> {
  return versioned(await send(bookUrl(id), { method: 'PUT', ...json(fields, { 'If-Match': etag }) }));
}

export async function deleteBook(id: string): Promise<void> {
  await send(bookUrl(id), { method: 'DELETE' });
}
