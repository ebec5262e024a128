// `npm run examples:remove`: takes the Books example out (docs/books.md), with its wiring, texts and packages, then
// this script itself. The working tree must be clean (git is the undo) unless --force; --dry-run only says what goes.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getFileInfo } from 'prettier';
import { formatFiles, regenerateRouteTree } from '../new/edits.mjs';
import { syntaxOf, withoutKeys, withoutMarkedLines } from './marked-lines.mjs';
import { packagesOnlyIn } from './packages.mjs';

const EXAMPLE = {
  name: 'the Books example',
  marker: 'example: books',
  paths: [
    'src/features/books/',
    'src/routes/books/',
    'tests/e2e/books.spec.ts',
    'tests/e2e/screenshots.spec.ts-snapshots/books-',
    'scripts/local-provider/books-',
    'api/resources/books',
    'docs/books.md',
  ],
  catalogs: 'public/assets/i18n/',
  keyPrefix: 'snxt.books.',
};
const SELF = { folder: 'scripts/remove-examples/', script: 'examples:remove' };
const MANIFESTS = ['package.json', 'package-lock.json'];

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: options } = parseArgs({ options: { force: { type: 'boolean' }, 'dry-run': { type: 'boolean' } } });
const read = (path) => readFileSync(join(root, path), 'utf8');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const say = (what, text) => console.log(`  ${what.padEnd(10)} ${text}`);

function checkWorkingTree() {
  let status;
  try {
    status = git('status', '--porcelain');
  } catch {
    throw new Error(`${root} is not a git working tree: commit it first, so that git can undo the removal`);
  }
  if (status.trim() && !options.force && !options['dry-run']) {
    const changes = status.trim().split('\n');
    const named = changes.slice(0, 5).map((change) => change.trim());
    throw new Error(
      `the working tree has changes (${named.join('; ')}${changes.length > 5 ? '; …' : ''}): ` +
        'commit or stash them, so the removal can be reviewed and undone alone, or run again with --force',
    );
  }
}

function plan() {
  const files = git('ls-files', '--cached', '--others', '--exclude-standard', '-z')
    .split('\0')
    .filter((path) => path && existsSync(join(root, path)));
  const deleted = files.filter((path) => EXAMPLE.paths.some((start) => path.startsWith(start)));
  const kept = files.filter((path) => !deleted.includes(path) && !path.startsWith(SELF.folder));
  const sources = kept.filter((path) => !MANIFESTS.includes(path));
  const edits = sources
    .map((path) => ({ path, text: read(path) }))
    .filter(({ text }) => text.includes(EXAMPLE.marker))
    .map(({ path, text }) => {
      const syntax = syntaxOf(path);
      if (!syntax) throw new Error(`${path} names "${EXAMPLE.marker}", but only code and Markdown can be edited`);
      return { path, ...withoutMarkedLines(text, EXAMPLE.marker, syntax, path) };
    });
  const catalogs = kept
    .filter((path) => path.startsWith(EXAMPLE.catalogs) && path.endsWith('.json'))
    .map((path) => ({ path, ...withoutKeys(read(path), EXAMPLE.keyPrefix) }))
    .filter(({ removed }) => removed.length > 0);
  const changed = new Map([...edits, ...catalogs].map(({ path, text }) => [path, text]));
  const packages = packagesOnlyIn(
    [...deleted.map(read), ...edits.map(({ removed }) => removed.join('\n'))],
    sources.map((path) => changed.get(path) ?? read(path)),
    JSON.parse(read('package.json')),
  );
  return { deleted, edits, catalogs, packages };
}

function describe({ deleted, edits, catalogs, packages }, dryRun) {
  for (const start of EXAMPLE.paths) {
    const count = deleted.filter((path) => path.startsWith(start)).length;
    const what = start.endsWith('/') || deleted.includes(start) ? start : `${start}*`;
    if (count > 0) say(dryRun ? 'to delete' : 'deleted', count > 1 ? `${what} (${count} files)` : what);
  }
  for (const { path, removed } of edits)
    say(dryRun ? 'to edit' : 'edited', `${path}: ${removed.length} marked line(s)`);
  if (catalogs.length > 0) {
    const keys = new Set(catalogs.flatMap(({ removed }) => removed)).size;
    say('texts', `${keys} key(s) ${EXAMPLE.keyPrefix}* out of ${catalogs.length} file(s) in ${EXAMPLE.catalogs}`);
  }
  if (packages.length > 0) say('packages', `${packages.join(', ')}: only the example imported them`);
}

function removeEmptyFolders(path) {
  for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) {
    const full = join(root, folder);
    if (!existsSync(full) || readdirSync(full).length > 0) return;
    rmdirSync(full);
  }
}

// Deletions come last: a run cut short leaves what the next run needs to find the rest.
async function apply({ deleted, edits, catalogs, packages }) {
  if (packages.length > 0) {
    const args = ['uninstall', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', ...packages];
    execFileSync('npm', [...args, '--loglevel=error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  for (const { path, text } of [...edits, ...catalogs]) writeFileSync(join(root, path), text);
  for (const path of deleted) {
    rmSync(join(root, path));
    removeEmptyFolders(path);
  }
  const notes = [];
  if (deleted.some((path) => path.startsWith('src/routes/'))) notes.push(await regenerateRouteTree(root));
  const formattable = [];
  for (const { path } of edits) {
    const { ignored } = await getFileInfo(join(root, path), { ignorePath: join(root, '.prettierignore') });
    if (!ignored) formattable.push(path);
  }
  if (formattable.length > 0) notes.push(`${await formatFiles(root, formattable)} (Prettier)`);
  return notes;
}

function removeSelf() {
  const manifest = JSON.parse(read('package.json'));
  if (manifest.scripts?.[SELF.script]) {
    manifest.scripts = Object.fromEntries(Object.entries(manifest.scripts).filter(([name]) => name !== SELF.script));
    writeFileSync(join(root, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  rmSync(join(root, SELF.folder), { recursive: true, force: true });
  say('removed', `this script: ${SELF.folder} and npm run ${SELF.script}`);
}

async function main() {
  checkWorkingTree();
  const found = plan();
  const nothing = Object.values(found).every((list) => list.length === 0);
  if (nothing) console.log(`Nothing of ${EXAMPLE.name} is left to remove.`);
  else console.log(`${options['dry-run'] ? 'Would remove' : 'Removing'} ${EXAMPLE.name}:`);
  if (options['dry-run']) return describe(found, true);
  if (!nothing) {
    const notes = await apply(found);
    describe(found, false);
    for (const note of notes) say('', note);
  }
  removeSelf();
  console.log('Done. Review it with `git status` and `git diff`; then `npm install` tidies node_modules.');
}

main().catch((error) => {
  console.error(`examples:remove: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
