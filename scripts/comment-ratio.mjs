// `npm run comments`: the share of comment lines (a non-blank line that starts inside one, JSX's included) in
// src/, api/, build/ and scripts/, tests left out; fails above 5%.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['src', 'api', 'build', 'scripts'];
const LIMIT = 0.05;
const isCode = (path) => /\.(ts|tsx|mjs|js)$/.test(path) && !/\.test\./.test(path) && path !== 'src/routeTree.gen.ts';

const codeFiles = (folder) =>
  readdirSync(join(ROOT, folder), { recursive: true })
    .map((path) => `${folder}/${path.split('\\').join('/')}`)
    .filter(isCode)
    .sort();

/** Where each comment of the file starts and ends, found by the TypeScript parser (not fooled by strings). */
function commentRanges(path, text) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map();
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.JsxText) return;
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) ranges.set(range.pos, range.end);
    for (const range of ts.getTrailingCommentRanges(text, node.end) ?? []) ranges.set(range.pos, range.end);
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  return [...ranges];
}

function count(path) {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const ranges = commentRanges(path, text);
  const inComment = (offset) => ranges.some(([start, end]) => offset >= start && offset < end);
  let lines = 0;
  let comments = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    const first = line.search(/\S/);
    if (first >= 0) {
      lines += 1;
      const jsx = line[first] === '{' ? line.slice(first + 1).search(/\S/) + first + 1 : -1;
      if (inComment(offset + first) || (jsx > first && inComment(offset + jsx))) comments += 1;
    }
    offset += line.length + 1;
  }
  return { lines, comments };
}

const percent = ({ lines, comments }) => `${((100 * comments) / Math.max(lines, 1)).toFixed(1)}%`;
const row = (name, total) =>
  console.log(
    `${name.padEnd(28)} ${String(total.comments).padStart(5)} / ${String(total.lines).padStart(6)}  ${percent(total)}`,
  );

let over = false;
for (const folder of FOLDERS) {
  const groups = new Map();
  const total = { lines: 0, comments: 0 };
  for (const path of codeFiles(folder)) {
    const { lines, comments } = count(path);
    const group = path.split('/').length > 2 ? path.split('/').slice(0, 2).join('/') : folder;
    const sum = groups.get(group) ?? { lines: 0, comments: 0 };
    groups.set(group, { lines: sum.lines + lines, comments: sum.comments + comments });
    total.lines += lines;
    total.comments += comments;
  }
  row(`${folder}/`, total);
  if (groups.size > 1)
    for (const [group, sum] of groups) row(`  ${group === folder ? `${folder}/*` : `${group}/`}`, sum);
  if (total.comments > LIMIT * total.lines) over = true;
}
if (over) {
  console.error(`Comments must stay at or under ${LIMIT * 100}% of non-blank lines in each folder.`);
  process.exitCode = 1;
}
