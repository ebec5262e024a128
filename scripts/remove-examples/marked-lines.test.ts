// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { syntaxOf, withoutKeys, withoutMarkedLines } from './marked-lines.mjs';

const MARKER = 'example: books';
const code = (...lines: string[]) => withoutMarkedLines(lines.join('\n'), MARKER, 'code', 'a.ts');
const markdown = (...lines: string[]) => withoutMarkedLines(lines.join('\n'), MARKER, 'markdown', 'a.md');

describe('withoutMarkedLines', () => {
  it('takes out the lines that end with the marker, and blocks with their markers, in code', () => {
    const result = code(
      "import { a } from './a';",
      "import { b } from './b'; // example: books",
      'const list = [',
      '  a,',
      '  // example: books {',
      '  b,',
      '  b, // example: books',
      '  // example: books }',
      '];',
      '',
    );
    expect(result.text).toBe("import { a } from './a';\nconst list = [\n  a,\n];\n");
    expect(result.removed).toEqual([
      "import { b } from './b'; // example: books",
      '  // example: books {',
      '  b,',
      '  b, // example: books',
      '  // example: books }',
    ]);
  });

  it('takes out Markdown lines that hold the marker anywhere (a table cell) and blocks', () => {
    const result = markdown(
      '| a | b |',
      '| x | y <!-- example: books --> |',
      '',
      '<!-- example: books { -->',
      'The Books API, named by `// example: books` in code.',
      '<!-- example: books } -->',
      'Kept.',
    );
    expect(result.text).toBe('| a | b |\n\nKept.');
    expect(result.removed).toHaveLength(4);
  });

  it('keeps a text without the marker as it is, and CRLF line endings', () => {
    expect(code('const a = 1;', '')).toEqual({ text: 'const a = 1;\n', removed: [] });
    expect(withoutMarkedLines('a\r\nb // example: books\r\nc\r\n', MARKER, 'code').text).toBe('a\r\nc\r\n');
  });

  it.each([
    ['a marker that does not end the line', ['f(); // example: books, and more'], /a\.ts:1: .*outside a block/],
    ['a longer name', ['a', 'f(); // example: bookshop'], /a\.ts:2: "example: books" outside a block/],
    ['a misspelt block', ['// example: books{', 'x'], /a\.ts:1: .*outside a block/],
    ['the Markdown form in code', ['x(); <!-- example: books -->'], /a\.ts:1/],
    ['a block never closed', ['a', '// example: books {', 'b'], /a\.ts:2: the block .* is never closed/],
    ['a close without an open', ['a', '// example: books }'], /a\.ts:2: .* closes no block/],
    [
      'a block opened twice',
      ['// example: books {', '// example: books {', '// example: books }'],
      /a\.ts:2: .*inside/,
    ],
  ])('refuses %s, naming the line', (_, lines, message) => {
    expect(() => code(...lines)).toThrow(message);
  });

  it('refuses the code form in Markdown, which would leave the line', () => {
    expect(() => markdown('Text // example: books')).toThrow(/a\.md:1/);
  });
});

describe('syntaxOf', () => {
  it.each([
    ['vite.config.ts', 'code'],
    ['src/a.tsx', 'code'],
    ['eslint.config.js', 'code'],
    ['scripts/dev.mjs', 'code'],
    ['README.md', 'markdown'],
    ['public/assets/i18n/en.json', null],
    ['.ci/run', null],
    ['index.html', null],
  ])('%s: %s', (path, syntax) => {
    expect(syntaxOf(path)).toBe(syntax);
  });
});

describe('withoutKeys', () => {
  it('drops the keys with the prefix and writes the rest as the repository does', () => {
    const text = JSON.stringify(
      { 'snxt.a': 'A', 'snxt.books.title': 'Books', 'snxt.books.x.y': 'Y', 'snxt.booksy': 'Z' },
      null,
      2,
    );
    const result = withoutKeys(`${text}\n`, 'snxt.books.');
    expect(result.text).toBe('{\n  "snxt.a": "A",\n  "snxt.booksy": "Z"\n}\n');
    expect(result.removed).toEqual(['snxt.books.title', 'snxt.books.x.y']);
  });

  it('keeps a __proto__ key as a plain key and never touches the prototype', () => {
    const result = withoutKeys('{"__proto__": {"polluted": true}, "snxt.books.a": "x"}', 'snxt.books.');
    expect(JSON.parse(result.text)).toEqual(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(['[]', 'null', '"text"', '{"a": '])('refuses %s', (text) => {
    expect(() => withoutKeys(text, 'snxt.books.')).toThrow();
  });
});
