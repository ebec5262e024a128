// @vitest-environment node
// The route generator leaves its scratch files in .tanstack/tmp/ (`npm run new`, the dev server, a build): no tool
// that checks the repository may see them, and git may not offer them for a commit.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { getFileInfo } from 'prettier';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCRATCH_FILE = '.tanstack/tmp/3f2a-routeTree.gen.ts';

describe("the route generator's scratch files", () => {
  it('are ignored by git (and so by knip), ESLint and Prettier', { timeout: 60_000 }, async () => {
    expect(execFileSync('git', ['check-ignore', '--no-index', SCRATCH_FILE], { cwd: root, encoding: 'utf8' })).toBe(
      `${SCRATCH_FILE}\n`,
    );
    expect(await new ESLint({ cwd: root }).isPathIgnored(SCRATCH_FILE)).toBe(true);
    expect(
      (await getFileInfo(`${root}${SCRATCH_FILE}`, { ignorePath: ['.gitignore', '.prettierignore'] })).ignored,
    ).toBe(true);
  });
});
