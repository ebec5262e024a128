// `npm run examples:remove` (docs/recipes.md): git is the undo, so it wants a clean tree unless --force, and never
// deletes a file with uncommitted changes.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getFileInfo } from 'prettier';
import { formatFiles, regenerateRouteTree } from '../new/edits.mjs';
import { planRemoval, uncommittedPaths } from './plan.mjs';

const SELF = { folder: 'scripts/remove-examples/', script: 'examples:remove' };

const root = fileURLToPath(new URL('../..', import.meta.url));
const example = JSON.parse(readFileSync(new URL('books-example.json', import.meta.url), 'utf8'));
const { values: options } = parseArgs({ options: { force: { type: 'boolean' }, 'dry-run': { type: 'boolean' } } });
const read = (path) => readFileSync(join(root, path), 'utf8');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const say = (what, text) => console.log(`  ${what.padEnd(10)} ${text}`);

function uncommittedChanges() {
  let status;
  try {
    status = git('status', '--porcelain', '-z', '--untracked-files=all');
  } catch {
    throw new Error(`${root} is not a git working tree: commit it first, so that git can undo the removal`);
  }
  const changed = uncommittedPaths(status);
  if (changed.size > 0 && !options.force && !options['dry-run']) {
    const named = [...changed].slice(0, 5);
    throw new Error(
      `the working tree has changes (${named.join('; ')}${changed.size > 5 ? '; …' : ''}): ` +
        'commit or stash them, so the removal can be reviewed and undone alone, or run again with --force ' +
        '(which still keeps every file of the example that has changes)',
    );
  }
  return changed;
}

function describe({ deleted, kept, edits, catalogs, packages }, dryRun) {
  for (const path of deleted) say(dryRun ? 'to delete' : 'deleted', path);
  for (const { path, why } of kept) say(dryRun ? 'to keep' : 'kept', `${path} (${why})`);
  for (const { path, removed } of edits)
    say(dryRun ? 'to edit' : 'edited', `${path}: ${removed.length} marked line(s)`);
  if (catalogs.length > 0) {
    const keys = new Set(catalogs.flatMap(({ removed }) => removed)).size;
    say('texts', `${keys} key(s) ${example.keyPrefix}* out of ${catalogs.length} file(s) in ${example.catalogs}`);
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
  const uncommitted = uncommittedChanges();
  const files = git('ls-files', '--cached', '--others', '--exclude-standard', '-z')
    .split('\0')
    .filter((path) => path && existsSync(join(root, path)));
  const found = planRemoval({ example, self: SELF.folder, files, uncommitted, read });
  const unfinished = found.kept.filter(({ why }) => why === 'uncommitted changes');
  const nothing = [found.deleted, found.edits, found.catalogs, found.packages].every((list) => list.length === 0);
  if (nothing && unfinished.length === 0) console.log(`Nothing of ${example.name} is left to remove.`);
  else console.log(`${options['dry-run'] ? 'Would remove' : 'Removing'} ${example.name}:`);
  if (options['dry-run']) return describe(found, true);
  const notes = nothing ? [] : await apply(found);
  describe(found, false);
  for (const note of notes) say('', note);
  if (unfinished.length > 0) {
    process.exitCode = 1;
    return console.error(
      `examples:remove: not finished: ${unfinished.length} file(s) of the example have uncommitted changes and ` +
        'stay; commit or discard them, then run `npm run examples:remove` again.',
    );
  }
  removeSelf();
  console.log('Done. Review it with `git status` and `git diff`; then `npm install` tidies node_modules.');
}

main().catch((error) => {
  console.error(`examples:remove: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
