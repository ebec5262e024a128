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
    /** `npm test`'s static and unit steps: lint and format where a change can move their answer, the rest whole. */
    checksPass: (changed: string[]) => {
      const steps = new Map<string, Result>();
      steps.set('tsc', node('node_modules/typescript/bin/tsc', '--noEmit'));
      const lintAll = changed.some((path) => LINT_CONFIGS.includes(path));
      const lintable = changed.filter((path) => /\.(ts|tsx|js|mjs|cjs)$/.test(path));
      if (lintAll || lintable.length > 0) {
        steps.set('eslint', node('node_modules/eslint/bin/eslint.js', ...(lintAll ? ['.'] : lintable)));
      }
      const formatAll = changed.some((path) => FORMAT_CONFIGS.includes(path));
      steps.set(
        'prettier',
        node('node_modules/prettier/bin/prettier.cjs', '--check', '--ignore-unknown', ...(formatAll ? ['.'] : changed)),
      );
      steps.set('knip', node('node_modules/knip/bin/knip.js'));
      steps.set('knip --production', node('node_modules/knip/bin/knip.js', '--production'));
      for (const [step, result] of steps) passes(step, result);
      return passes('vitest', node('node_modules/vitest/vitest.mjs', 'run'));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  return copy;
}

export type ScratchCopy = ReturnType<typeof scratchCopy>;
