import { z } from 'zod';
import { isValidIsbn, normalizeIsbn } from './isbn';

// Zod compiles faster checks with `new Function`, which the CSP's Trusted Types refuse (and report).
z.config({ jitless: true });

export const BOOK_LIMITS = { title: 200, author: 100, description: 2000, firstYear: 1450 } as const;

const BOOK_FIELDS = ['title', 'author', 'year', 'isbn', 'description'] as const;
const ERROR_CODES = ['required', 'tooLong', 'range', 'invalid'] as const;

export type BookField = (typeof BOOK_FIELDS)[number];
export type BookErrorCode = (typeof ERROR_CODES)[number];
export type BookFieldErrors = Partial<Record<BookField, BookErrorCode>>;

const isField = (value: unknown): value is BookField => BOOK_FIELDS.some((field) => field === value);
const isCode = (value: unknown): value is BookErrorCode => ERROR_CODES.some((code) => code === value);

const requiredText = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export function bookSchema(today: Date) {
  return z.object({
    title: requiredText(BOOK_LIMITS.title),
    author: requiredText(BOOK_LIMITS.author),
    year: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .regex(/^\d+$/, { error: 'invalid' })
      .transform(Number)
      .pipe(z.number().min(BOOK_LIMITS.firstYear, { error: 'range' }).max(today.getFullYear(), { error: 'range' })),
    isbn: z
      .string()
      .trim()
      .refine((isbn) => isbn === '' || isValidIsbn(isbn), { error: 'invalid' })
      .transform((isbn) => (isbn === '' ? '' : normalizeIsbn(isbn))),
    description: z.string().trim().max(BOOK_LIMITS.description, { error: 'tooLong' }),
  });
}

function sourceEntries(source: unknown): [unknown, unknown][] {
  if (Array.isArray(source)) {
    return source.map((issue: unknown) => {
      if (typeof issue !== 'object' || issue === null) return [undefined, undefined];
      const { path, message } = issue as { path?: unknown; message?: unknown };
      return [Array.isArray(path) ? path[0] : undefined, message];
    });
  }
  return typeof source === 'object' && source !== null ? Object.entries(source) : [];
}

/** The first error of each field, from the schema's issues or a 400's `errors`; an unknown code is `invalid`. */
export function bookFieldErrors(source: unknown): BookFieldErrors {
  const errors: BookFieldErrors = {};
  for (const [field, code] of sourceEntries(source)) {
    if (isField(field) && errors[field] === undefined) errors[field] = isCode(code) ? code : 'invalid';
  }
  return errors;
}
