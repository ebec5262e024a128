// The lines of an example's wiring: each carries its marker (at the end in code, a table row's cell may hold it in
// Markdown), or sits in a block the marker opens and closes.
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SYNTAX = {
  code: (marker) => ({
    line: new RegExp(`// ${escape(marker)}\\s*$`),
    open: `// ${marker} {`,
    close: `// ${marker} }`,
    named: `ends the line as "// ${marker}"`,
  }),
  markdown: (marker) => ({
    line: new RegExp(`<!-- ${escape(marker)} -->`),
    open: `<!-- ${marker} { -->`,
    close: `<!-- ${marker} } -->`,
    named: `is in the line as "<!-- ${marker} -->"`,
  }),
};

export function syntaxOf(path) {
  if (/\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/.test(path)) return 'code';
  return path.endsWith('.md') ? 'markdown' : null;
}

// Outside a block, a line that names the marker any other way is an error, as is a block left open or opened twice.
export function withoutMarkedLines(text, marker, syntax, path = 'text') {
  const forms = SYNTAX[syntax](marker);
  const kept = [];
  const removed = [];
  let openedAt = 0;
  text.split('\n').forEach((line, index) => {
    const at = `${path}:${index + 1}`;
    const trimmed = line.trim();
    if (trimmed === forms.open) {
      if (openedAt) throw new Error(`${at}: "${forms.open}" inside the block opened at line ${openedAt}`);
      openedAt = index + 1;
    } else if (trimmed === forms.close) {
      if (!openedAt) throw new Error(`${at}: "${forms.close}" closes no block`);
      openedAt = 0;
    } else if (!openedAt && !forms.line.test(line)) {
      if (line.includes(marker)) {
        throw new Error(`${at}: "${marker}" outside a block must be a marker: it ${forms.named} or opens a block`);
      }
      return void kept.push(line);
    }
    removed.push(line);
  });
  if (openedAt) throw new Error(`${path}:${openedAt}: the block "${forms.open}" is never closed`);
  return { text: kept.join('\n'), removed };
}

/** As the repository writes JSON: two spaces, a last newline. */
export function withoutKeys(text, prefix) {
  const value = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected a JSON object');
  const entries = Object.entries(value);
  const kept = entries.filter(([key]) => !key.startsWith(prefix));
  const removed = entries.filter(([key]) => key.startsWith(prefix)).map(([key]) => key);
  return { text: `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`, removed };
}
