import { z } from 'zod';
import { isValidIsbn, normalizeIsbn } from './isbn';

export const BOOK_LIMITS = { title: 200, author: 100, description: 2000, firstYear: 1450 } as const;

/** A book as the API sends it. */
export const bookRecord = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  year: z.number().int(),
  isbn: z.string(),
  description: z.string(),
  updatedAt: z.string(),
});
export type Book = z.infer<typeof bookRecord>;

const requiredText = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

/** The form's text to the body the API takes; each broken rule's message is its error code. */
export function bookForm(today: Date) {
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
export type BookFields = z.output<ReturnType<typeof bookForm>>;
