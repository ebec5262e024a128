// @vitest-environment node
// The list of the example's files (books-example.json) against git: what `npm run examples:remove` deletes is
// exactly what it lists, so a file it lists must be one the repository has.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const example = JSON.parse(readFileSync(new URL('books-example.json', import.meta.url), 'utf8')) as {
  folders: string[];
  files: string[];
};
const tracked = new Set(
  execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean),
);

describe("the example's list of files", () => {
  it('lists files git tracks, once each, in order', () => {
    expect(example.files.filter((path) => !tracked.has(path))).toEqual([]);
    expect(example.files).toEqual([...new Set(example.files)].sort());
  });

  it('names folders that hold listed files', () => {
    for (const folder of example.folders) {
      expect(folder).toMatch(/\/$/);
      expect(
        example.files.some((path) => path.startsWith(folder)),
        folder,
      ).toBe(true);
    }
  });
});
