// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkChoices,
  checkPagePath,
  checkSettingName,
  checkText,
  choicesFromCommandLine,
  pageNames,
  settingNames,
} from './names.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('a page path', () => {
  it.each(['/reports', '/admin/audit-log', '/q3-results'])('takes %s', (path) => {
    expect(checkPagePath(root)(path)).toBe(true);
  });

  it.each([
    ['no leading slash', 'reports'],
    ['the home page', '/'],
    ['upper case', '/Reports'],
    ['a parameter', '/orders/$id'],
    ['a parent segment', '/../etc'],
    ['an empty segment', '/a//b'],
    ['a trailing slash', '/reports/'],
    ['a file name', '/report.html'],
    ['prototype keys', '/__proto__'],
    ['an encoded slash', '/a%2fb'],
    ['a query', '/reports?x=1'],
    ['a public folder', '/assets/reports'],
  ])('refuses %s (%s)', (_case, path) => {
    expect(checkPagePath(root)(path)).toEqual(expect.any(String));
  });

  it('refuses a page that exists', () => {
    expect(checkPagePath(root)('/settings')).toMatch(/is a page already/);
  });

  it('names its files, component and title key', () => {
    expect(pageNames({ path: '/admin/audit-log', title: ' Audit log ' })).toMatchObject({
      title: 'Audit log',
      domain: 'admin-audit-log',
      component: 'AdminAuditLogPage',
      titleKey: 'snxt.menu.adminAuditLog',
      routeFile: 'src/routes/admin/audit-log.tsx',
      pageFile: 'src/features/admin-audit-log/admin-audit-log-page.tsx',
      upToSrc: '../../',
    });
  });
});

describe('a setting name', () => {
  it('takes a new camelCase name', () => {
    expect(checkSettingName(root)('compactTables')).toBe(true);
  });

  it.each([
    'theme',
    'stickyHeader',
    'constructor',
    'toString',
    '__proto__',
    'CompactTables',
    'compact-tables',
    'x',
    '',
  ])('refuses %j', (name) => {
    expect(checkSettingName(root)(name)).toEqual(expect.any(String));
  });

  it('gives the label and its palette commands in English', () => {
    expect(settingNames({ name: 'compactTables', label: 'Compact tables' }).texts).toEqual({
      'snxt.settings.compactTables': 'Compact tables',
      'snxt.settings.compactTables.turnOn': 'Turn on compact tables',
      'snxt.settings.compactTables.turnOff': 'Turn off compact tables',
    });
    expect(settingNames({ name: 'csvExport', label: 'CSV export' }).texts['snxt.settings.csvExport.turnOn']).toBe(
      'Turn on CSV export',
    );
  });
});

describe('the choices of a setting (--choices)', () => {
  it.each(['default,large,larger', 'compact, comfortable', 'hours,system,extraLarge', ''])('takes %j', (choices) => {
    expect(checkChoices(choices)).toBe(true);
  });

  it.each([
    ['one choice', 'large'],
    ['an empty choice', 'default,,large'],
    ['a trailing comma', 'default,large,'],
    ['a repeated choice', 'large,large'],
    ['nine choices', 'a,b,c,d,e,f,g,h,i'],
    ['a hyphen', 'extra-large,small'],
    ['a dot, which would nest the key', 'a.b,c'],
    ['upper case first', 'Large,small'],
    ['a prototype key', 'constructor,small'],
    ['__proto__', '__proto__,small'],
    ['a text key of the setting', 'description,small'],
    ['a palette key of the setting', 'turnOn,turnOff'],
    ['markup', '<b>,small'],
  ])('refuses %s (%j)', (_case, choices) => {
    expect(checkChoices(choices)).toEqual(expect.any(String));
  });

  it('reads --choices from the command line in both forms, and nothing without it', () => {
    const plop = ['node', 'plop', '--plopfile', 'scripts/new/plopfile.mjs', 'setting', 'textSize', 'Text size'];
    expect(choicesFromCommandLine([...plop, '--choices', 'default,large'])).toBe('default,large');
    expect(choicesFromCommandLine([...plop, '--choices=default,large'])).toBe('default,large');
    expect(choicesFromCommandLine([...plop, '--choices'])).toBe('');
    expect(choicesFromCommandLine(plop)).toBeUndefined();
  });

  it('names the list and type in the constants, the option keys and their English texts; the first is the default', () => {
    expect(settingNames({ name: 'textSize', label: 'Text size', choices: 'default, large,extraLarge' })).toEqual({
      name: 'textSize',
      labelKey: 'snxt.settings.textSize',
      listName: 'TEXT_SIZE_CHOICES',
      typeName: 'TextSize',
      choices: ['default', 'large', 'extraLarge'],
      texts: {
        'snxt.settings.textSize': 'Text size',
        'snxt.settings.textSize.default': 'Default',
        'snxt.settings.textSize.large': 'Large',
        'snxt.settings.textSize.extraLarge': 'Extra large',
      },
    });
  });

  it('makes a yes/no setting without choices, as before', () => {
    expect(settingNames({ name: 'compactTables', label: 'Compact tables', choices: '' })).not.toHaveProperty('choices');
  });

  it('refuses a name whose list or type the constants have already', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'snxt-names-'));
    try {
      mkdirSync(join(scratch, 'src/features/settings'), { recursive: true });
      mkdirSync(join(scratch, 'src/config'), { recursive: true });
      writeFileSync(join(scratch, 'src/features/settings/settings-fields.ts'), 'export const SETTING_FIELDS = {\n};\n');
      writeFileSync(join(scratch, 'src/config/constants.ts'), "export type Density = 'low' | 'high';\n");
      expect(checkSettingName(scratch)('density')).toBe('src/config/constants.ts has DENSITY_CHOICES or Density.');
      expect(checkSettingName(scratch)('tableDensity')).toBe(true);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('an English text', () => {
  it.each(['Reports', 'Audit log', 'Q3 – results'])('takes %j', (text) => {
    expect(checkText(text)).toBe(true);
  });

  it.each(['', '   ', 'a\nb', '<b>Reports</b>', '{count} reports', "Don't", '`x`', 'a\\b', 'x'.repeat(61)])(
    'refuses %j',
    (text) => {
      expect(checkText(text)).toEqual(expect.any(String));
    },
  );
});
