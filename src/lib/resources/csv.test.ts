import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

/** One cell as the CSV writes it. */
const csvCell = (value: string) => toCsv([[value]]).slice(0, -'\r\n'.length);

describe('CSV (RFC 4180)', () => {
  it('writes plain cells as they are, rows ended by CRLF, a header row first', () => {
    expect(
      toCsv([
        ['Title', 'Year'],
        ['Dune', '1965'],
      ]),
    ).toBe('Title,Year\r\nDune,1965\r\n');
    expect(toCsv([])).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Gödel, Escher, Bach')).toBe('"Gödel, Escher, Bach"');
    expect(csvCell('The "Hobbit"')).toBe('"The ""Hobbit"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell('"')).toBe('""""');
    expect(csvCell('')).toBe('');
  });

  it('keeps any text as it is: other languages, emoji, spaces', () => {
    expect(csvCell('עמוס עוז')).toBe('עמוס עוז');
    expect(csvCell('  📚 ')).toBe('  📚 ');
    expect(csvCell("O'Brien")).toBe("O'Brien");
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['=1,2', `"'=1,2"`],
  ])('writes %j, which a spreadsheet would run, as text: %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('guards only the start of a cell', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('1965-01-01')).toBe('1965-01-01');
    expect(csvCell(' =1')).toBe(' =1');
  });
});
