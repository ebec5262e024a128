// A built chunk's static imports: bundlers write them as the module's first statements.
const IMPORT = /^\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'])([^"']+)\1\s*;?/;

/** @type {(code: string) => string[]} */
export function staticImports(code) {
  const found = [];
  let rest = code.replace(/^(?:\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*/, '');
  for (let match = IMPORT.exec(rest); match; match = IMPORT.exec(rest)) {
    found.push(match[2]);
    rest = rest.slice(match[0].length);
  }
  return found;
}
