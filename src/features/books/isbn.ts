const SEPARATORS = /[\s-]/g;
const ISBN_10 = /^\d{9}[\dX]$/;
const ISBN_13 = /^97[89]\d{10}$/;

export function normalizeIsbn(text: string): string {
  return text.replace(SEPARATORS, '').toUpperCase();
}

const weightedSum = (isbn: string, weight: (index: number) => number): number =>
  [...isbn].reduce((sum, char, index) => sum + (char === 'X' ? 10 : Number(char)) * weight(index), 0);

export function isValidIsbn(text: string): boolean {
  const isbn = normalizeIsbn(text);
  if (ISBN_10.test(isbn)) return weightedSum(isbn, (index) => 10 - index) % 11 === 0;
  if (ISBN_13.test(isbn)) return weightedSum(isbn, (index) => (index % 2 === 0 ? 1 : 3)) % 10 === 0;
  return false;
}
