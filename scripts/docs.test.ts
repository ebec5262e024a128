// @vitest-environment node
// README.md and docs/ name files, scripts and variables: each must be one the repository has.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const README_WORD_LIMIT = 800;
const PATH_TOKEN = /^(?:src|build|scripts|tests|infra|docs|public|\.ci)\//;
const NOT_THE_REPOSITORY = new Set([
  '.git',
  'node_modules',
  'dist',
  '.e2e',
  'test-results',
  'playwright-report',
  '.screenshots',
  '.lighthouse',
  'cdk.out',
]);
const ENV_SOURCES = ['src/config', 'build', 'vite.config.ts'];

interface Repo {
  /** Files and folders (with a trailing slash), relative to the root, `/`-separated. */
  paths: ReadonlySet<string>;
  read: (path: string) => string;
  /** Ignored by git: what a command writes (a build, a template), named by the docs but never committed. */
  ignored: (path: string) => boolean;
  scripts: ReadonlySet<string>;
  envNames: ReadonlySet<string>;
}

interface Doc {
  path: string;
  text: string;
}

function walk(folder: string, into: Set<string>): Set<string> {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (NOT_THE_REPOSITORY.has(entry.name) || entry.name.startsWith('dist-')) continue;
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      into.add(`${path}/`);
      walk(path, into);
    } else into.add(path);
  }
  return into;
}

function ignoredByGit(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--no-index', '--quiet', path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function realRepo(): Repo {
  const paths = walk('', new Set());
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  const envText = [...paths]
    .filter((path) => ENV_SOURCES.some((source) => path === source || path.startsWith(`${source}/`)))
    .filter((path) => !path.endsWith('/'))
    .map(read)
    .join('\n');
  const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  return {
    paths,
    read,
    ignored: ignoredByGit,
    scripts: new Set(Object.keys(scripts)),
    envNames: new Set(envText.match(/\bVITE_[A-Z0-9_]*[A-Z0-9]/g)),
  };
}

const FENCE = /^( *)(```|~~~)[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm;
const withoutFences = (text: string) => text.replace(FENCE, '');
const EXCERPT_OF = /^\/\/ ((?:src|build|scripts|tests)\/\S+)$/;

/** A fenced block whose first line is `// <file>` is an excerpt: its other lines (but `// …`) are the file's, in order. */
function excerptProblems(text: string, repo: Repo): string[] {
  const problems: string[] = [];
  for (const [, , , body = ''] of text.matchAll(FENCE)) {
    const [first = '', ...lines] = body.split('\n').map((line) => line.trim());
    const file = EXCERPT_OF.exec(first)?.[1];
    if (!file) continue;
    if (!repo.paths.has(file)) {
      problems.push(`an excerpt of ${file}, which does not exist`);
      continue;
    }
    const source = repo
      .read(file)
      .split('\n')
      .map((line) => line.trim());
    let from = 0;
    for (const line of lines.filter((line) => line !== '' && line !== '// …')) {
      from = source.indexOf(line, from) + 1;
      if (from === 0) {
        problems.push(`an excerpt of ${file} has "${line}", which is not in it (after the lines above it)`);
        break;
      }
    }
  }
  return problems;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  for (const [, heading = ''] of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen ? `${slug}-${seen}` : slug);
  }
  return anchors;
}

function placeholderPattern(path: string): RegExp | null {
  if (!/[<{*]/.test(path)) return null;
  const source = path
    .split(/(<[^>]+>|\{[^}]+\}|\*)/)
    .map((part, index) => (index % 2 ? '[^/]+' : part.replace(/[.+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

function pathProblem(path: string, repo: Repo): string | null {
  const pattern = placeholderPattern(path);
  if (pattern) {
    return [...repo.paths].some((known) => pattern.test(known) || pattern.test(known.replace(/\/$/, '')))
      ? null
      : `${path} matches no file`;
  }
  const bare = path.replace(/\/$/, '');
  if (repo.paths.has(`${bare}/`) || (!path.endsWith('/') && repo.paths.has(bare))) return null;
  return repo.ignored(path) ? null : `${path} does not exist`;
}

function linkProblem(doc: Doc, target: string, repo: Repo): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [file, anchor] = target.split('#', 2);
  const resolved = file ? normalize(join(dirname(doc.path), decodeURIComponent(file))).replaceAll('\\', '/') : doc.path;
  if (resolved.startsWith('..') || resolved.startsWith('/')) return `link ${target} points outside the repository`;
  if (!repo.paths.has(resolved) && !repo.paths.has(`${resolved}/`)) return `link ${target}: ${resolved} does not exist`;
  if (anchor && resolved.endsWith('.md') && !anchorsOf(repo.read(resolved)).has(anchor)) {
    return `link ${target}: ${resolved} has no heading #${anchor}`;
  }
  return null;
}

function docProblems(doc: Doc, repo: Repo): string[] {
  const prose = withoutFences(doc.text);
  const text = prose.replace(/`[^`\n]+`/g, '');
  const problems: (string | null)[] = [];
  for (const [, target = ''] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    problems.push(linkProblem(doc, target, repo));
  }
  for (const [, target = ''] of text.matchAll(/\b(?:src|href)="([^"]+)"/g))
    problems.push(linkProblem(doc, target, repo));
  for (const [, code = ''] of prose.matchAll(/`([^`\n]+)`/g)) {
    for (const token of code.split(/\s+/)) {
      const path = token.replace(/^[("'[]+|[)"',;:\]]+$/g, '').replace(/^\.\//, '');
      if (PATH_TOKEN.test(path)) problems.push(pathProblem(path, repo));
    }
  }
  for (const [, script = ''] of doc.text.matchAll(/\bnpm run ([\w:-]+)/g)) {
    if (!repo.scripts.has(script)) problems.push(`npm run ${script}: package.json has no such script`);
  }
  for (const [name] of doc.text.matchAll(/\bVITE_[A-Z0-9_]*[A-Z0-9]/g)) {
    if (!repo.envNames.has(name)) problems.push(`${name} is read nowhere in ${ENV_SOURCES.join(', ')}`);
  }
  for (const [outside] of doc.text.matchAll(/(?<![\w.-])\/work\/\S*/g)) {
    problems.push(`${outside} is outside the repository`);
  }
  // A Markdown file named in prose ("see NOTES.md") must be one a newcomer can open here; links are checked above.
  for (const [, name = ''] of text.replace(/\]\([^)]*\)/g, ']').matchAll(/(?<![\w./-])([\w-]+\.md)\b/g)) {
    if (![...repo.paths].some((known) => known === name || known.endsWith(`/${name}`))) {
      problems.push(`${name} is no file of the repository`);
    }
  }
  problems.push(...excerptProblems(doc.text, repo));
  return [...new Set(problems.filter((problem) => problem !== null))].map((problem) => `${doc.path}: ${problem}`);
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

function frontDoorProblems(readme: Doc, docs: readonly Doc[], repo: Repo): string[] {
  const problems: string[] = [];
  const words = wordCount(readme.text);
  if (words > README_WORD_LIMIT) problems.push(`README.md has ${words} words (at most ${README_WORD_LIMIT})`);
  for (const script of repo.scripts) {
    const command = script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`;
    if (!new RegExp(`\\b${command}(?![\\w:-])`).test(readme.text)) problems.push(`README.md never names ${command}`);
  }
  for (const doc of docs) {
    if (!readme.text.includes(`](${doc.path})`)) problems.push(`README.md does not link ${doc.path}`);
  }
  return problems;
}

function fakeRepo(
  files: Record<string, string>,
  { scripts = [], envNames = [], ignored = [] }: { scripts?: string[]; envNames?: string[]; ignored?: string[] },
): Repo {
  const paths = new Set<string>();
  for (const file of Object.keys(files)) {
    paths.add(file);
    const parts = file.split('/');
    for (let end = 1; end < parts.length; end++) paths.add(`${parts.slice(0, end).join('/')}/`);
  }
  return {
    paths,
    read: (path) => files[path] ?? '',
    ignored: (path) => ignored.some((folder) => path.startsWith(folder)),
    scripts: new Set(scripts),
    envNames: new Set(envNames),
  };
}

describe('the docs checks', () => {
  const repo = fakeRepo(
    { 'src/lib/http.ts': '', 'src/features/home/index.ts': '', 'docs/a.md': '# Title\n## The `http()` helper\n' },
    { scripts: ['build', 'test:unit'], envNames: ['VITE_APP_NAME'], ignored: ['infra/cdk.out/'] },
  );
  const problems = (text: string, path = 'docs/b.md') => docProblems({ path, text }, repo);

  it('passes what the repository has', () => {
    const text = [
      'See [a](a.md), [its helper](a.md#the-http-helper), `src/lib/http.ts`, `src/lib/`, `src/features/<domain>/index.ts`.',
      '`npm run build`, `npm run test:unit -- --watch`, `VITE_APP_NAME=Shop`, [AWS](https://aws.amazon.com/work/).',
      'The synth writes `infra/cdk.out/Snxt.template.json`, a file git ignores.',
      'In code a link is text: `href="#nowhere"`, `[x](gone.md)`; `VITE_…` is a family, not a name.',
      '```sh\nsrc/made-by-a-recipe.ts\n```',
    ].join('\n');
    expect(problems(text)).toEqual([]);
  });

  it('finds a missing file, a missing folder and a placeholder that matches nothing', () => {
    expect(
      problems('`src/lib/fetch.ts`, `node build/gone.mjs`, `src/state/`, `src/features/<domain>/model.ts`'),
    ).toEqual([
      'docs/b.md: src/lib/fetch.ts does not exist',
      'docs/b.md: build/gone.mjs does not exist',
      'docs/b.md: src/state/ does not exist',
      'docs/b.md: src/features/<domain>/model.ts matches no file',
    ]);
  });

  it('finds broken links, missing anchors and links out of the repository', () => {
    expect(problems('[x](missing.md) [y](a.md#nowhere) [z](../../shared/notes.md) <img src="images/x.png">')).toEqual([
      'docs/b.md: link missing.md: docs/missing.md does not exist',
      'docs/b.md: link a.md#nowhere: docs/a.md has no heading #nowhere',
      'docs/b.md: link ../../shared/notes.md points outside the repository',
      'docs/b.md: link images/x.png: docs/images/x.png does not exist',
    ]);
  });

  it('finds unknown scripts, unknown variables and files outside the repository', () => {
    expect(
      problems('```sh\nnpm run deploy\nVITE_APP_TITLE=x\n```\nas /work/notes/x.md and NOTES.md say, and a.md'),
    ).toEqual([
      'docs/b.md: npm run deploy: package.json has no such script',
      'docs/b.md: VITE_APP_TITLE is read nowhere in src/config, build, vite.config.ts',
      'docs/b.md: /work/notes/x.md is outside the repository',
      'docs/b.md: NOTES.md is no file of the repository',
    ]);
  });

  it('checks an excerpt that names its file against that file, line by line and in order', () => {
    const code = 'export function http(url) {\n  return fetch(url);\n}\nexport const getText = (url) => http(url);\n';
    const excerpts = fakeRepo({ 'src/lib/http.ts': code }, {});
    const check = (...lines: string[]) => docProblems({ path: 'docs/b.md', text: lines.join('\n') }, excerpts);
    const fence = (...lines: string[]) => ['```ts', ...lines, '```'].join('\n');
    expect(
      check(
        fence(
          '// src/lib/http.ts',
          'export function http(url) {',
          '// …',
          'export const getText = (url) => http(url);',
        ),
      ),
    ).toEqual([]);
    expect(
      check(fence('export function unnamed() {}'), '  ```ts\n  // src/lib/http.ts\n    return fetch(url);\n  ```'),
    ).toEqual([]);
    expect(check(fence('// src/lib/http.ts', 'return fetch(url, { cache: "no-store" });'))).toEqual([
      'docs/b.md: an excerpt of src/lib/http.ts has "return fetch(url, { cache: "no-store" });", which is not in it (after the lines above it)',
    ]);
    expect(check(fence('// src/lib/http.ts', 'return fetch(url);', 'export function http(url) {'))).toHaveLength(1);
    expect(check(fence('// src/lib/fetch.ts', 'x'))).toEqual([
      'docs/b.md: an excerpt of src/lib/fetch.ts, which does not exist',
    ]);
  });

  it('holds the README to its length, every script and a link to every doc', () => {
    const readme = { path: 'README.md', text: `${'word '.repeat(796)}\n\`npm run build\` [a](docs/a.md) \`x\`` };
    expect(frontDoorProblems(readme, [{ path: 'docs/a.md', text: '' }], repo)).toEqual([
      'README.md has 801 words (at most 800)',
      'README.md never names npm run test:unit',
    ]);
    expect(frontDoorProblems(readme, [{ path: 'docs/c.md', text: '' }], repo)).toContain(
      'README.md does not link docs/c.md',
    );
  });
});

describe('README.md and docs/', () => {
  const repo = realRepo();
  const docs = [...repo.paths]
    .filter((path) => /^docs\/[^/]+\.md$/.test(path))
    .sort()
    .map((path) => ({ path, text: repo.read(path) }));
  const readme = { path: 'README.md', text: repo.read('README.md') };

  it.each([readme, ...docs].map((doc) => [doc.path, doc] as const))(
    '%s names only files, links, scripts and variables the repository has',
    (_path, doc) => {
      expect(docProblems(doc, repo)).toEqual([]);
    },
  );

  it('README.md is a front door: short, every npm script, a link to every doc', () => {
    expect(frontDoorProblems(readme, docs, repo)).toEqual([]);
  });
});
