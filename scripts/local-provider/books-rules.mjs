// The app form's rules, checked again on the server: trimmed text measured in code points, as zod counts them.

const FIRST_YEAR = 1450;
const MAX_LENGTH = { title: 200, author: 100, description: 2000 };

function normalizeIsbn(text) {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidIsbn(text) {
  const isbn = normalizeIsbn(text);
  const digits = [...isbn].map((char) => (char === 'X' ? 10 : Number(char)));
  if (/^\d{9}[\dX]$/.test(isbn)) return digits.reduce((sum, digit, index) => sum + digit * (10 - index), 0) % 11 === 0;
  if (/^97[89]\d{10}$/.test(isbn)) {
    return digits.reduce((sum, digit, index) => sum + digit * (index % 2 === 0 ? 1 : 3), 0) % 10 === 0;
  }
  return false;
}

export const codePoints = (text) => [...text].length;

const fieldOf = (body, name) => (Object.hasOwn(body, name) ? body[name] : undefined);

function text(value, { max, required }) {
  if (value === undefined || value === null) return required ? { error: 'required' } : { value: '' };
  if (typeof value !== 'string') return { error: 'invalid' };
  const trimmed = value.trim();
  if (required && trimmed === '') return { error: 'required' };
  return codePoints(trimmed) > max ? { error: 'tooLong' } : { value: trimmed };
}

function year(value, currentYear) {
  if (value === undefined || value === null || value === '') return { error: 'required' };
  if (typeof value !== 'number' || !Number.isInteger(value)) return { error: 'invalid' };
  return value < FIRST_YEAR || value > currentYear ? { error: 'range' } : { value };
}

function isbn(value) {
  if (value === undefined || value === null) return { value: '' };
  if (typeof value !== 'string') return { error: 'invalid' };
  if (value.trim() === '') return { value: '' };
  return isValidIsbn(value) ? { value: normalizeIsbn(value) } : { error: 'invalid' };
}

// A POST or PUT body as a book's fields, or the errors by field: only its own properties count, so `__proto__` or
// `constructor` keys supply nothing; unknown fields are ignored.
export function validateBook(body, currentYear) {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const checked = {
    title: text(fieldOf(input, 'title'), { max: MAX_LENGTH.title, required: true }),
    author: text(fieldOf(input, 'author'), { max: MAX_LENGTH.author, required: true }),
    year: year(fieldOf(input, 'year'), currentYear),
    isbn: isbn(fieldOf(input, 'isbn')),
    description: text(fieldOf(input, 'description'), { max: MAX_LENGTH.description, required: false }),
  };
  const entries = Object.entries(checked);
  const errors = Object.fromEntries(entries.filter(([, result]) => 'error' in result).map(([k, r]) => [k, r.error]));
  if (Object.keys(errors).length > 0) return { errors };
  return { fields: Object.fromEntries(entries.map(([name, result]) => [name, result.value])) };
}
