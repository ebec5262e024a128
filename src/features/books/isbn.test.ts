import { describe, expect, it } from 'vitest';
import { isValidIsbn, normalizeIsbn } from './isbn';

describe('isValidIsbn', () => {
  it.each([
    ['ISBN-13', '9780134685991'],
    ['ISBN-13 with hyphens', '978-0-13-468599-1'],
    ['ISBN-13 with spaces', '978 0 13 468599 1'],
    ['ISBN-13 starting 979', '979-10-323-0569-0'],
    ['ISBN-10', '0-465-02656-7'],
    ['ISBN-10 with the check digit X', '0-201-61622-X'],
    ['ISBN-10 with a lower-case x', '020161622x'],
    ['ISBN-10 whose sum is 0', '0000000000'],
    ['with tabs and a newline around it', '\t0201616 22X\n'],
  ])('accepts an %s', (_, isbn) => {
    expect(isValidIsbn(isbn)).toBe(true);
  });

  it.each([
    ['a wrong ISBN-13 check digit', '978-0-13-468599-2'],
    ['a wrong ISBN-10 check digit', '0-201-61622-9'],
    ['X anywhere but last', 'X201616220'],
    ['a checksum-valid EAN-13 that is not a book (977)', '9770134685992'],
    ['12 digits', '978013468599'],
    ['11 digits', '02016162200'],
    ['14 digits', '97801346859910'],
    ['nothing', ''],
    ['only separators', ' - - '],
    ['full-width digits', '９７８０１３４６８５９９１'],
    ['Arabic-Indic digits', '٠٢٠١٦١٦٢٢X'],
    ['dots as separators', '0.201.61622.X'],
    ['a NUL inside', '0201\u000061622X'],
    ['a prototype key', '__proto__'],
    ['a number written as one', '1e9'],
    ['a very long string', '9'.repeat(100_000)],
    ['markup', '<img src=x onerror=alert(1)>'],
  ])('refuses %s', (_, isbn) => {
    expect(isValidIsbn(isbn)).toBe(false);
  });
});

describe('normalizeIsbn', () => {
  it('drops hyphens and white space and upper-cases the X', () => {
    expect(normalizeIsbn(' 0-201-61622-x ')).toBe('020161622X');
    expect(normalizeIsbn('978 0 13 468599 1')).toBe('9780134685991');
  });
});
