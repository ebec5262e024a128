// The files git lists, copied into a git repository of its own; the installed packages linked, not installed again.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const INSTALLS = ['node_modules', 'infra/node_modules'];
const LINT_CONFIGS = ['eslint.config.js', 'package.json'];
const FORMAT_CONFIGS = ['.prettierrc', '.prettierrc.json', '.prettierignore', 'package.json'];
const TEST_FILE = /^(src|build|scripts|tests\/support)\/.*(?<!\.scratch)\.test\.tsx?$/;
const READS_FILES = /from '(node:)?(fs|fs\/promises|child_process)'/;
const TOOLS = {
  tsc: 'node_modules/typescript/bin/tsc',
  eslint: 'node_modules/eslint/bin/eslint.js',
  prettier: 'node_modules/prettier/bin/prettier.cjs',
  knip: 'node_modules/knip/bin/knip.js',
  vitest: 'node_modules/vitest/vitest.mjs',
};

interface Result {
  status: number | null;
  output: string;
}

export function passes(step: string, result: Result) {
  expect(result.status, `${step}:\n${result.output}`).toBe(0);
  return result.output;
}

export function scratchCopy(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `snxt-${name}-`));
  const run = (command: string, args: string[]): Result => {
    const result = spawnSync(command, args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}${result.error ?? ''}` };
  };
  const node = (script: string, ...args: string[]) => run(process.execPath, [join(dir, script), ...args]);
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args]);
  const listed = (...args: string[]) =>
    passes(`git ${args.join(' ')}`, git(...args, '-z'))
      .split('\0')
      .filter(Boolean);

  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPOSITORY,
    encoding: 'utf8',
  }).stdout;
  for (const file of files.split('\0').filter((path) => path && existsSync(join(REPOSITORY, path)))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(REPOSITORY, file), join(dir, file));
  }
  for (const install of INSTALLS) symlinkSync(join(REPOSITORY, install), join(dir, install), 'dir');
  passes('git init', git('init', '-q'));
  const copy = {
    dir,
    run,
    node,
    git,
    read: (path: string) => readFileSync(join(dir, path), 'utf8'),
    write: (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
    exists: (path: string) => existsSync(join(dir, path)),
    files: () => listed('ls-files', '--cached', '--others', '--exclude-standard').filter((path) => copy.exists(path)),
    commit: (message: string) => {
      passes('git add', git('add', '-A'));
      passes('git commit', git('commit', '-q', '--allow-empty', '-m', message));
      return passes('git rev-parse', git('rev-parse', 'HEAD')).trim();
    },
    changedSince: (commit: string) =>
      [
        ...new Set([
          ...listed('diff', '--name-only', '--no-renames', commit),
          ...listed('ls-files', '--others', '--exclude-standard'),
        ]),
      ].filter((path) => copy.exists(path)),
    /**
     * `npm test`'s static and unit steps since a commit: lint and format where a change can move their answer, the
     * unit tests Vitest finds a change reaches (all when package.json or a Vite config changed) and those that read
     * the repository's files; the unit step ran the others over the same code already.
     */
    checksPass: (since: string) => {
      const changed = copy.changedSince(since);
      passes('tsc', node(TOOLS.tsc, '--noEmit'));
      const lintAll = changed.some((path) => LINT_CONFIGS.includes(path));
      const lintable = changed.filter((path) => /\.(ts|tsx|js|mjs|cjs)$/.test(path));
      if (lintAll || lintable.length > 0) passes('eslint', node(TOOLS.eslint, ...(lintAll ? ['.'] : lintable)));
      const formatAll = changed.some((path) => FORMAT_CONFIGS.includes(path));
      passes('prettier', node(TOOLS.prettier, '--check', '--ignore-unknown', ...(formatAll ? ['.'] : changed)));
      passes('knip', node(TOOLS.knip));
      passes('knip --production', node(TOOLS.knip, '--production'));
      const reached = passes('vitest list', node(TOOLS.vitest, 'list', '--changed', since, '--filesOnly'))
        .split('\n')
        // Each line names its project first (`[node] src/x.test.ts`).
        .map((line) => line.trim().replace(/^\[[^\]]*\]\s+/, ''))
        .filter((line) => TEST_FILE.test(line));
      const readers = copy.files().filter((path) => TEST_FILE.test(path) && READS_FILES.test(copy.read(path)));
      return passes('vitest', node(TOOLS.vitest, 'run', ...new Set([...reached, ...readers])));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  return copy;
}

export type ScratchCopy = ReturnType<typeof scratchCopy>;
