// `npm run examples:remove` as a team runs it, in the scratch copy where the recipes ran (recipes.scratch.test.ts):
// the example's tests beside the team's pages and settings, then a page of the team's own under the example's folders
// that uses the example's packages, and a change it has not committed. The copy's checks follow these cases.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPagePath, pageNames } from '../new/names.mjs';
import { passes, type ScratchCopy } from '../scratch-copy/scratch-copy';

type Page = ReturnType<typeof pageNames>;

const REMOVER = 'scripts/remove-examples/remove-examples.mjs';
const BINARY = /\.(png|ico|jpe?g|webp|woff2?)$/;

interface Example {
  name: string;
  marker: string;
  keyPrefix: string;
  catalogs: string;
  folders: string[];
  files: string[];
}

const teamComponent = ({ component, titleKey }: Page) => `import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PageHeading } from '../../components/page-heading';
import { useT } from '../../i18n/use-t';

const goal = z.object({ books: z.number().int().min(1) });
const goalQuery = queryOptions({ queryKey: ['reading-goal'], queryFn: () => goal.parse({ books: 12 }) });

export function ${component}() {
  const t = useT();
  const form = useForm({ resolver: zodResolver(goal), defaultValues: { books: 12 } });
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <PageHeading className="text-3xl font-bold text-text">{t('${titleKey}')}</PageHeading>
      <p data-goal={goalQuery.queryKey.join()}>{form.getValues('books')}</p>
    </div>
  );
}
`;

/**
 * The example's files, what its own code and texts name (`BooksPage`, `VITE_BOOKS_API_URL`, `snxt.books.title`), and its
 * name: none of it may stay in a file that stays. Plain words ("book") are a team's to use.
 */
function leftovers(copy: ScratchCopy, example: Example, removed: string, teamFiles: string[]) {
  const names = new Set([
    ...example.files,
    ...[...removed.matchAll(/[\w$.-]*book[\w$.-]*/gi)]
      .map(([name]) => name.replace(/^[.-]+|[.-]+$/g, ''))
      .filter((name) => !/^books?$/i.test(name)),
  ]);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(`(?<![\\w$.-])(${[...names].map(escape).join('|')})(?![\\w$-]|\\.\\w)`);
  const said = (line: string) =>
    named.test(line) || line.includes(example.marker) || line.toLowerCase().includes(example.name.toLowerCase());
  return copy
    .files()
    .filter((path) => path !== 'package-lock.json' && !BINARY.test(path) && !teamFiles.includes(path))
    .flatMap((path) =>
      copy
        .read(path)
        .split('\n')
        .filter(said)
        .map((line) => `${path}: ${line.trim()}`),
    );
}

/** The cases, on the copy the recipes made and committed. */
export function removalCases(scratch: () => ScratchCopy) {
  let copy: ScratchCopy;
  let example: Example;
  let team: Page;
  let teamFiles: string[] = [];
  let removedText = '';
  const remover = (...args: string[]) => copy.node(REMOVER, ...args);
  const status = () => passes('git status', copy.git('status', '--porcelain', '--untracked-files=all'));

  describe('npm run examples:remove', () => {
    beforeAll(() => {
      copy = scratch();
      example = JSON.parse(copy.read('scripts/remove-examples/books-example.json')) as Example;
    });

    it("the example's own unit tests pass beside the pages and settings the recipes made", () => {
      const tests = example.files.filter((path) => /\.test\.tsx?$/.test(path) && path.startsWith('src/'));
      expect(passes('vitest', copy.node('node_modules/vitest/vitest.mjs', 'run', ...tests))).toMatch(
        /Test Files +\d+ passed/,
      );
    });

    it('keeps a page of the team made under its folders', async () => {
      const before = passes('git rev-parse', copy.git('rev-parse', 'HEAD')).trim();
      let path = '/books/stats';
      for (let number = 2; (await checkPagePath(copy.dir)(path)) !== true; number += 1) path = `/books/stats${number}`;
      team = pageNames({ path, title: 'Reading statistics' });
      const plop = ['--plopfile', 'scripts/new/plopfile.mjs', 'page', team.path, team.title];
      passes('npm run new', copy.node('node_modules/plop/bin/plop.js', ...plop));
      copy.write(team.pageFile, teamComponent(team));
      passes('prettier', copy.node('node_modules/prettier/bin/prettier.cjs', '--write', team.pageFile));
      copy.commit('a page of our own');
      teamFiles = passes('git diff', copy.git('diff', '--name-only', '--diff-filter=A', before, 'HEAD'))
        .trim()
        .split('\n');
      removedText = example.files
        .filter((file) => !BINARY.test(file))
        .map((file) => copy.read(file))
        .join('\n');
    });

    it('refuses a working tree with changes, naming them, and changes nothing', () => {
      copy.write('README.md', `${copy.read('README.md')}\n`);
      const refused = remover();
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/the working tree has changes \(README\.md\).*--force/);
      expect(status()).toBe(' M README.md\n');
      passes('git checkout', copy.git('checkout', '--', 'README.md'));
    });

    it("names in a dry run each file it would delete, and each it would keep: a team's own and one with changes", () => {
      const changed = example.files.find((path) => example.folders.some((folder) => path.startsWith(folder))) ?? '';
      expect(changed, 'a file of the example in one of its folders').not.toBe('');
      copy.write(changed, `${copy.read(changed)}\n// a change not committed\n`);
      const dryRun = passes('--dry-run', remover('--dry-run'));
      expect(dryRun).toContain(`Would remove ${example.name}:`);
      for (const path of example.files.filter((file) => file !== changed)) {
        expect(dryRun).toContain(`to delete  ${path}\n`);
      }
      expect(dryRun).toContain(`to keep    ${changed} (uncommitted changes)`);
      expect(dryRun).toContain(`to keep    ${team.routeFile} (not a file of the example)`);
      expect(status()).toBe(` M ${changed}\n`);
    });

    it('with --force, deletes the rest but never the file with uncommitted changes, and says it is not finished', () => {
      const changed = status().slice(3).trim();
      const forced = remover('--force');
      expect(forced.status, forced.output).toBe(1);
      expect(forced.output).toContain(`kept       ${changed} (uncommitted changes)`);
      expect(forced.output).toMatch(/not finished: 1 file\(s\) of the example have uncommitted changes/);
      expect(copy.read(changed)).toContain('// a change not committed');
      expect(copy.exists(REMOVER)).toBe(true);
      passes('git checkout', copy.git('checkout', '--', changed));
      copy.commit('most of the example out');
    });

    it("then takes the rest out and itself, keeping the team's page and the packages it uses", () => {
      const removal = passes('examples:remove', remover());
      expect(removal).toContain(`kept       ${team.routeFile} (not a file of the example)`);
      expect(removal).toContain('removed    this script: scripts/remove-examples/ and npm run examples:remove');
      for (const path of example.files) expect(copy.exists(path), path).toBe(false);
      for (const path of teamFiles) expect(copy.exists(path), path).toBe(true);
      const manifest = JSON.parse(copy.read('package.json')) as Record<string, Record<string, string>>;
      expect(manifest.scripts).not.toHaveProperty(['examples:remove']);
      for (const name of ['@hookform/resolvers', '@tanstack/react-query', 'react-hook-form', 'zod']) {
        expect({ ...manifest.dependencies, ...manifest.devDependencies }, name).toHaveProperty([name]);
      }
      for (const language of ['en', 'he']) {
        const texts = Object.keys(JSON.parse(copy.read(`${example.catalogs}${language}.json`)) as object);
        expect(texts.filter((key) => key.startsWith(example.keyPrefix))).toEqual([]);
      }
      expect(leftovers(copy, example, removedText, teamFiles)).toEqual([]);
    });

    it('run again with its files back, finds nothing and changes nothing but taking itself out', () => {
      copy.commit('removed');
      passes('git checkout', copy.git('checkout', 'HEAD~1', '--', 'scripts/remove-examples'));
      copy.commit('the remover back');
      const again = passes('a second run', remover());
      expect(again).toContain(`Nothing of ${example.name} is left to remove.`);
      expect(passes('git diff', copy.git('diff', '--name-only', 'HEAD~1'))).toBe('');
      copy.commit('removed again');
    });
  });
}
