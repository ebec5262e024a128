// @vitest-environment node
// The recipes of `npm run new` in one scratch copy of the repository, one case each, then `npm test`'s static and unit
// steps over the result once: a recipe that no longer leaves a passing `npm test` fails here. What a generator must
// refuse, it refuses there, writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passes, scratchCopy, type ScratchCopy } from '../scratch-copy/scratch-copy';

const LANGUAGES = ['en', 'de', 'sk', 'fr', 'es', 'pt-br', 'zh-cn', 'he'];

interface Recipe {
  /** What follows `npm run new --`. */
  args: string[];
  /** What the files it wrote hold. */
  wrote: (copy: ScratchCopy) => void;
}

const texts = (copy: ScratchCopy, language: string) =>
  JSON.parse(copy.read(`public/assets/i18n/${language}.json`)) as Record<string, string>;

const RECIPES: Record<string, Recipe> = {
  'a page': {
    args: ['page', '/reports', 'Reports'],
    wrote: (copy) => {
      const route = copy.read('src/routes/reports.tsx');
      expect(route).toContain("createFileRoute('/reports')");
      expect(route).toContain("staticData: { titleKey: 'snxt.menu.reports', nav: 'main' }");
      expect(copy.read('src/routeTree.gen.ts')).toContain("'/reports'");
      for (const language of LANGUAGES) expect(texts(copy, language)['snxt.menu.reports']).toBe('Reports');
    },
  },
  'a page in a folder of its own': {
    args: ['page', '/admin/audit-log', 'Audit log'],
    wrote: (copy) => {
      expect(copy.read('src/routes/admin/audit-log.tsx')).toContain("createFileRoute('/admin/audit-log')");
      expect(copy.read('src/features/admin-audit-log/index.ts')).toContain('AdminAuditLogPage');
    },
  },
  'a yes/no setting': {
    args: ['setting', 'compactTables', 'Compact tables'],
    wrote: (copy) => {
      expect(copy.read('src/features/settings/settings-fields.ts')).toContain('compactTables: row(false, isBoolean),');
      for (const language of LANGUAGES) {
        expect(texts(copy, language)).toMatchObject({
          'snxt.settings.compactTables': 'Compact tables',
          'snxt.settings.compactTables.turnOn': 'Turn on compact tables',
        });
      }
    },
  },
  'a setting with choices': {
    args: ['setting', 'tableDensity', 'Table density', '--choices', 'comfortable,compact,spacious'],
    wrote: (copy) => {
      expect(copy.read('src/features/settings/settings-fields.ts')).toContain(
        "tableDensity: row<TableDensity>('comfortable', oneOf(TABLE_DENSITY_CHOICES)),",
      );
      expect(copy.read('src/config/constants.ts')).toContain(
        "export const TABLE_DENSITY_CHOICES = ['comfortable', 'compact', 'spacious'] as const;",
      );
      expect(copy.read('src/features/settings/page/setting-controls.ts')).toMatch(
        /tableDensity: \{\s+kind: 'select',\s+section: 'general',/,
      );
      expect(texts(copy, 'he')['snxt.settings.tableDensity.spacious']).toBe('Spacious');
    },
  },
  'a setting with choices given as --choices=': {
    args: ['setting', 'chartStyle', 'Chart style', '--choices=bars,lines'],
    wrote: (copy) => {
      expect(copy.read('src/features/settings/settings-fields.ts')).toContain(
        "chartStyle: row<ChartStyle>('bars', oneOf(CHART_STYLE_CHOICES)),",
      );
      expect(JSON.parse(copy.read('src/i18n/awaiting-translation.json'))).toEqual(
        expect.arrayContaining(['snxt.menu.reports', 'snxt.settings.compactTables', 'snxt.settings.chartStyle.bars']),
      );
    },
  },
};

/** What a generator refuses, with the reason it gives, after the recipes above ran. */
const REFUSALS: [string, string[], RegExp][] = [
  ['a page that exists', ['page', '/reports', 'Reports'], /\/reports is a page already/],
  // example: books {
  [
    'a path a folder of pages serves',
    ['page', '/books', 'Books'],
    /\/books is served already by src\/routes\/books\/index\.tsx/,
  ],
  // example: books }
  ['a page below a page with no outlet', ['page', '/settings/advanced', 'Advanced'], /renders no <Outlet \/>/],
  ['a segment the router reads', ['page', '/admin/route', 'Route'], /"route" means something to the router/],
  ['a title with a direction control', ['page', '/stats', 'Stats \u202e2026'], /U\+202E/],
  ['a setting that exists', ['setting', 'compactTables', 'Compact tables'], /compactTables is a setting already/],
  ['a label with a line separator', ['setting', 'wideTables', 'Wide\u2028tables'], /U\+2028/],
  ['one choice', ['setting', 'badChoice', 'Bad choice', '--choices', 'only'], /Give 2 to 8 choices/],
  ['--choices without its values', ['setting', 'badChoice', 'Bad choice', '--choices='], /needs its values/],
];

let copy: ScratchCopy;
let start: string;
beforeAll(() => {
  copy = scratchCopy('recipes');
  start = copy.commit('the repository');
});
afterAll(() => copy.remove());

const recipe = (args: string[]) =>
  copy.node('node_modules/plop/bin/plop.js', '--plopfile', 'scripts/new/plopfile.mjs', '--no-progress', ...args);

describe('the recipes (npm run new)', () => {
  it.each(Object.entries(RECIPES))('%s', (_name, { args, wrote }) => {
    passes(`npm run new -- ${args.join(' ')}`, recipe(args));
    wrote(copy);
    copy.commit(args.join(' '));
  });

  it.each(REFUSALS)('refuses %s: exits non-zero with the reason and writes nothing', (_name, args, reason) => {
    const refused = recipe(args);
    expect(refused.status, refused.output).not.toBe(0);
    expect(refused.output).toMatch(reason);
    expect(passes('git status', copy.git('status', '--porcelain', '--untracked-files=all'))).toBe('');
  });

  it('leave a repository whose type check, lint, formatting, knip and unit tests pass', () => {
    const tests = copy.checksPass(copy.changedSince(start));
    expect(tests).toContain('src/features/reports/reports-page.test.tsx');
    expect(tests).toMatch(/Test Files +\d+ passed/);
  });
});
