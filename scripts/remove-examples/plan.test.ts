// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planRemoval, uncommittedPaths } from './plan.mjs';

const example = {
  marker: 'example: books',
  keyPrefix: 'snxt.books.',
  catalogs: 'public/assets/i18n/',
  folders: ['src/features/books/', 'src/routes/books/'],
  files: ['src/features/books/books-page.tsx', 'src/routes/books/index.tsx', 'tests/e2e/books.spec.ts'],
};
const TEXTS: Record<string, string> = {
  'package.json': JSON.stringify({ dependencies: { zod: '^4', 'react-hook-form': '^7', react: '^19' } }),
  'src/features/books/books-page.tsx': "import { z } from 'zod';\nimport { useForm } from 'react-hook-form';\n",
  'src/routes/books/index.tsx': "import { BooksPage } from '../../features/books';\n",
  'src/routes/books/stats.tsx': "import { StatsPage } from '../../features/books-stats';\n",
  'src/features/books-stats/stats-page.tsx': "import { z } from 'zod';\n",
  'tests/e2e/books.spec.ts': "import { test } from './fixtures';\n",
  'tests/e2e/home.spec.ts': "import { test } from './fixtures';\n",
  'src/router.ts': "import { a } from './a';\nimport { books } from './books'; // example: books\n",
  'public/assets/i18n/en.json': '{ "snxt.books.title": "Books", "snxt.menu.booksStats": "Stats" }\n',
  'scripts/remove-examples/books-example.json': '{ "marker": "example: books" }',
};
const plan = (uncommitted: string[] = [], texts = TEXTS) =>
  planRemoval({
    example,
    self: 'scripts/remove-examples/',
    files: Object.keys(texts),
    uncommitted: new Set(uncommitted),
    read: (path: string) => texts[path] ?? '',
  });

describe('planRemoval', () => {
  it('deletes the files the example ships and nothing else', () => {
    expect(plan().deleted).toEqual([
      'src/features/books/books-page.tsx',
      'src/routes/books/index.tsx',
      'tests/e2e/books.spec.ts',
    ]);
  });

  it("keeps a team's own file under an example folder and names it", () => {
    expect(plan().kept).toEqual([{ path: 'src/routes/books/stats.tsx', why: 'not a file of the example' }]);
  });

  it('never deletes a file of the example with uncommitted changes: it keeps and names it', () => {
    const { deleted, kept } = plan(['src/routes/books/index.tsx', 'README.md']);
    expect(deleted).not.toContain('src/routes/books/index.tsx');
    expect(kept).toContainEqual({ path: 'src/routes/books/index.tsx', why: 'uncommitted changes' });
  });

  it('takes out the marked lines and the texts under its key prefix', () => {
    const { edits, catalogs } = plan();
    expect(edits).toEqual([
      {
        path: 'src/router.ts',
        text: "import { a } from './a';\n",
        removed: ["import { books } from './books'; // example: books"],
      },
    ]);
    expect(catalogs).toEqual([
      {
        path: 'public/assets/i18n/en.json',
        text: '{\n  "snxt.menu.booksStats": "Stats"\n}\n',
        removed: ['snxt.books.title'],
      },
    ]);
  });

  it("uninstalls what only the example imported, not a package a team's file imports too", () => {
    expect(plan().packages).toEqual(['react-hook-form']);
  });

  it('keeps the packages a kept file of the example still imports', () => {
    expect(plan(['src/features/books/books-page.tsx']).packages).toEqual([]);
  });
});

describe('uncommittedPaths', () => {
  it('reads changed, staged, deleted and untracked files and both names of a rename', () => {
    const status = [' M README.md', 'M  src/a.ts', ' D gone.ts', '?? new folder/b.ts', 'R  to.ts', 'from.ts', ''].join(
      '\0',
    );
    expect([...uncommittedPaths(status)].sort()).toEqual(
      ['README.md', 'from.ts', 'gone.ts', 'new folder/b.ts', 'src/a.ts', 'to.ts'].sort(),
    );
  });

  it('finds nothing in a clean tree', () => {
    expect(uncommittedPaths('').size).toBe(0);
  });
});
