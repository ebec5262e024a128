// @vitest-environment node
// `npm run examples:remove` in a scratch copy of the repository (a git repository of its own), then `npm test`'s
// static and unit steps there, and a search for anything of Books left: a line of wiring left unmarked fails here.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'snxt-examples-remove-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const REMOVER = 'scripts/remove-examples/remove-examples.mjs';
const EXAMPLE_PATHS = [
  'src/features/books',
  'src/routes/books',
  'tests/e2e/books.spec.ts',
  'scripts/local-provider/books-api.test.ts',
  'api/resources/books.ts',
  'docs/books.md',
  'scripts/remove-examples',
];
const EXAMPLE_PACKAGES = ['@hookform/resolvers', '@tanstack/react-query', 'react-hook-form'];
/** Books uses it, and so does the idle sign-out's warning: it stays. */
const SHARED_PACKAGE = '@radix-ui/react-alert-dialog';
const BINARY = /\.(png|ico|jpe?g|webp|woff2?)$/;
/** `path: text` of a line that may say "book" after the removal, with the reason. None so far. */
const ALLOWED_LEFTOVERS: readonly string[] = [];

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
const node = (script: string, ...args: string[]) => run(process.execPath, [join(scratch, script), ...args]);
const git = (...args: string[]) =>
  run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args]);
const read = (path: string) => readFileSync(join(scratch, path), 'utf8');

function passes(step: string, result: { status: number | null; output: string }) {
  expect(result.status, `${step}:\n${result.output}`).toBe(0);
  return result.output;
}

function copyRepository() {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repo,
    encoding: 'utf8',
  }).stdout;
  for (const file of listed.split('\0').filter((name) => name && existsSync(join(repo, name)))) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(repo, file), join(scratch, file));
  }
  symlinkSync(join(repo, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  // knip reads the CDK app's packages too; `npm run knip` installs them first, as this does.
  if (!existsSync(join(repo, 'infra/node_modules'))) {
    passes('infra:install', run(process.execPath, [join(repo, 'scripts/infra-install.mjs')]));
  }
  symlinkSync(join(repo, 'infra/node_modules'), join(scratch, 'infra/node_modules'), 'dir');
  passes('git init', git('init', '-q'));
  passes('git commit', git('add', '-A'));
  passes('git commit', git('commit', '-qm', 'the repository'));
}

/** Every file of the repository but the lock (package names), as a search of the whole repository would find it:
 * its name (screenshots included), then its lines. */
const leftovers = () => {
  const files = git('ls-files', '--cached', '--others', '--exclude-standard', '-z')
    .output.split('\0')
    .filter((path) => path && existsSync(join(scratch, path)));
  const named = files.filter((path) => /book/i.test(path));
  const said = files
    .filter((path) => path !== 'package-lock.json' && !BINARY.test(path))
    .flatMap((path) =>
      read(path)
        .split('\n')
        .filter((line) => /book/i.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    );
  return [...named, ...said].filter((found) => !ALLOWED_LEFTOVERS.includes(found));
};

describe('npm run examples:remove', () => {
  it(
    'takes the Books example out, after which the static checks and the unit tests pass and nothing of it is left',
    { timeout: 900_000 },
    () => {
      copyRepository();

      appendFileSync(join(scratch, 'README.md'), '\n');
      const dirty = node(REMOVER);
      expect(dirty.status).toBe(1);
      expect(dirty.output).toMatch(/the working tree has changes \(M README\.md\).*--force/);
      expect(existsSync(join(scratch, 'src/features/books'))).toBe(true);
      passes('git checkout', git('checkout', '--', 'README.md'));

      const dryRun = passes('--dry-run', node(REMOVER, '--dry-run'));
      expect(dryRun).toContain('Would remove the Books example:');
      expect(git('status', '--porcelain').output).toBe('');

      const removal = passes('examples:remove', node(REMOVER));
      expect(removal).toMatch(/deleted +src\/features\/books\/ \(\d+ files\)/);
      expect(removal).toMatch(/edited +src\/config\/parse-env\.ts: \d+ marked line\(s\)/);
      expect(removal).toMatch(/texts +\d+ key\(s\) snxt\.books\.\* out of 8 file\(s\)/);
      expect(removal).toContain(`packages   ${[...EXAMPLE_PACKAGES, 'zod'].sort().join(', ')}`);
      expect(removal).toContain('src/routeTree.gen.ts regenerated');
      expect(removal).toContain('removed    this script: scripts/remove-examples/ and npm run examples:remove');

      for (const path of EXAMPLE_PATHS) expect(existsSync(join(scratch, path)), path).toBe(false);
      const manifest = JSON.parse(read('package.json')) as Record<string, Record<string, string>>;
      expect(manifest.scripts).not.toHaveProperty(['examples:remove']);
      for (const name of [...EXAMPLE_PACKAGES, 'zod']) {
        expect(manifest.dependencies, name).not.toHaveProperty([name]);
        expect(manifest.devDependencies, name).not.toHaveProperty([name]);
      }
      expect(manifest.dependencies).toHaveProperty([SHARED_PACKAGE]);
      const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, unknown> };
      for (const name of EXAMPLE_PACKAGES) expect(lock.packages, name).not.toHaveProperty([`node_modules/${name}`]);
      expect(leftovers()).toEqual([]);

      // Run again (its files back), it finds nothing and changes nothing but taking itself out.
      passes('git commit', git('add', '-A'));
      passes('git commit', git('commit', '-qm', 'removed'));
      passes('git checkout', git('checkout', 'HEAD~1', '--', 'scripts/remove-examples'));
      passes('git commit', git('commit', '-qm', 'the remover back'));
      const again = passes('a second run', node(REMOVER));
      expect(again).toContain('Nothing of the Books example is left to remove.');
      expect(git('diff', '--name-only', 'HEAD~1').output).toBe('');

      passes('tsc', node('node_modules/typescript/bin/tsc', '--noEmit'));
      passes('eslint', node('node_modules/eslint/bin/eslint.js', '.'));
      passes('prettier', node('node_modules/prettier/bin/prettier.cjs', '--check', '.'));
      passes('knip', node('node_modules/knip/bin/knip.js'));
      passes('knip --production', node('node_modules/knip/bin/knip.js', '--production'));
      // The recipes' own scratch-copy test would double this one's time; it checks `npm run new`, not the removal.
      const unit = node('node_modules/vitest/vitest.mjs', 'run', '--exclude', 'scripts/new/recipes.test.ts');
      const tests = passes('vitest', unit);
      expect(tests).toContain('src/config/parse-env.test.ts');
      expect(tests).toContain('scripts/docs.test.ts');
      expect(tests).toMatch(/Test Files +\d+ passed/);
    },
  );
});
