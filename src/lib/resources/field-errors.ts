/** The codes a field's error may have: the API's `400` and the form's rules use the same ones. */
const ERROR_CODES = ['required', 'tooLong', 'range', 'invalid'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export type FieldErrors = Partial<Record<string, ErrorCode>>;

const isCode = (value: unknown): value is ErrorCode => ERROR_CODES.some((code) => code === value);

function entriesOf(source: unknown): [unknown, unknown][] {
  if (Array.isArray(source)) {
    return source.map((issue: unknown) => {
      if (typeof issue !== 'object' || issue === null) return [undefined, undefined];
      const { path, message } = issue as { path?: unknown; message?: unknown };
      return [Array.isArray(path) ? path[0] : undefined, message];
    });
  }
  return typeof source === 'object' && source !== null ? Object.entries(source) : [];
}

/** The first error of each of `fields`, from a schema's issues or a `400`'s `errors`; an unknown code is `invalid`. */
export function fieldErrorsFrom(source: unknown, fields: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, code] of entriesOf(source)) {
    if (typeof field === 'string' && fields.includes(field) && errors[field] === undefined) {
      errors[field] = isCode(code) ? code : 'invalid';
    }
  }
  return errors;
}
