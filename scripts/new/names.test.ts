// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPagePath, checkSettingName, checkText, pageNames, settingNames } from './names.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('a page path', () => {
  it.each(['/reports', '/admin/audit-log', '/q3-results'])('takes %s', (path) => {
    expect(checkPagePath(root)(path)).toBe(true);
  });

  it.each([
    ['no leading slash', 'reports'],
    ['the home page', '/'],
    ['upper case', '/Reports'],
    ['a parameter', '/books/$id'],
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
