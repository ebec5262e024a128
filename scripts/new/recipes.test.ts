// @vitest-environment node
// The recipes (a page, a yes/no setting, two settings with choices) in a scratch copy of the repository, then the static checks and the unit tests they touch: a recipe
// that no longer leaves a passing `npm test` fails here.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'snxt-recipes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (command: string, args: string[]) =>
  execFileSync(command, args, {
    cwd: scratch,
    encoding: 'utf8',
    stdio: 'pipe',
    env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
const node = (script: string, ...args: string[]) => run(process.execPath, [join(scratch, script), ...args]);
const recipe = (...args: string[]) =>
  node('node_modules/plop/bin/plop.js', '--plopfile', 'scripts/new/plopfile.mjs', '--no-progress', ...args);
const json = (path: string) => JSON.parse(readFileSync(join(scratch, path), 'utf8')) as Record<string, unknown>;

function copyRepository() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repo,
    encoding: 'utf8',
  });
  for (const file of files.split('\0').filter((name) => name && existsSync(join(repo, name)))) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(repo, file), join(scratch, file));
  }
  symlinkSync(join(repo, 'node_modules'), join(scratch, 'node_modules'), 'dir');
}

describe('the recipes (npm run new)', () => {
  it(
    'add a page and settings (yes/no, with choices) that type-check, lint and pass the unit tests at once',
    { timeout: 600_000 },
    () => {
      copyRepository();
      recipe('page', '/reports', 'Reports');
      recipe('setting', 'compactTables', 'Compact tables');
      recipe('setting', 'tableDensity', 'Table density', '--choices', 'comfortable,compact,spacious');
      recipe('setting', 'chartStyle', 'Chart style', '--choices=bars,lines');
      const untouched = readFileSync(join(scratch, 'src/features/settings/settings-fields.ts'), 'utf8');
      expect(() => recipe('setting', 'badChoice', 'Bad choice', '--choices', 'only')).toThrow(/Give 2 to 8 choices/);
      expect(() => recipe('setting', 'badChoice', 'Bad choice', '--choices=')).toThrow(/needs its values/);
      expect(readFileSync(join(scratch, 'src/features/settings/settings-fields.ts'), 'utf8')).toBe(untouched);

      const page = readFileSync(join(scratch, 'src/routes/reports.tsx'), 'utf8');
      expect(page).toContain("createFileRoute('/reports')");
      expect(page).toContain("staticData: { titleKey: 'snxt.menu.reports', nav: 'main' }");
      expect(readFileSync(join(scratch, 'src/routeTree.gen.ts'), 'utf8')).toContain("'/reports'");
      for (const language of ['en', 'de', 'sk', 'fr', 'es', 'pt-br', 'zh-cn', 'he']) {
        expect(json(`public/assets/i18n/${language}.json`)).toMatchObject({
          'snxt.menu.reports': 'Reports',
          'snxt.settings.compactTables': 'Compact tables',
          'snxt.settings.compactTables.turnOn': 'Turn on compact tables',
          'snxt.settings.tableDensity': 'Table density',
          'snxt.settings.tableDensity.comfortable': 'Comfortable',
          'snxt.settings.tableDensity.spacious': 'Spacious',
          'snxt.settings.chartStyle.lines': 'Lines',
        });
      }
      expect(json('src/i18n/awaiting-translation.json')).toEqual(
        expect.arrayContaining(['snxt.menu.reports', 'snxt.settings.compactTables', 'snxt.settings.chartStyle.bars']),
      );
      const fields = readFileSync(join(scratch, 'src/features/settings/settings-fields.ts'), 'utf8');
      expect(fields).toContain("tableDensity: row<TableDensity>('comfortable', oneOf(TABLE_DENSITY_CHOICES)),");
      expect(fields).toContain("chartStyle: row<ChartStyle>('bars', oneOf(CHART_STYLE_CHOICES)),");
      expect(readFileSync(join(scratch, 'src/config/constants.ts'), 'utf8')).toContain(
        "export const TABLE_DENSITY_CHOICES = ['comfortable', 'compact', 'spacious'] as const;",
      );
      expect(readFileSync(join(scratch, 'src/features/settings/page/setting-controls.ts'), 'utf8')).toMatch(
        /tableDensity: \{\s+kind: 'select',\s+section: 'general',/,
      );

      node('node_modules/typescript/bin/tsc', '--noEmit');
      node('node_modules/eslint/bin/eslint.js', '.');
      node('node_modules/prettier/bin/prettier.cjs', '--check', '.');
      const touched = [
        'src/routes/reports.tsx',
        'src/features/reports/reports-page.tsx',
        'src/features/reports/reports-page.test.tsx',
        'src/routeTree.gen.ts',
        'src/features/settings/settings-fields.ts',
        'src/features/settings/page/setting-controls.ts',
        'src/config/constants.ts',
        'public/assets/i18n/en.json',
      ];
      const tests = node('node_modules/vitest/vitest.mjs', 'related', '--run', ...touched);
      expect(tests).toContain('reports-page.test.tsx');
      expect(tests).toContain('settings-page.test.tsx');
      expect(tests).toContain('setting-commands.test.ts');
      expect(tests).toMatch(/Test Files\s+\d+ passed/);
    },
  );
});
