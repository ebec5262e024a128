// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkChoices,
  checkPagePath,
  checkResourcePath,
  checkResourceText,
  checkSettingName,
  checkText,
  choicesFromCommandLine,
  pageNames,
  resourceNames,
  resourceTextKeys,
  settingNames,
} from './names.mjs';

const ROOT_ROUTE =
  "import { createRootRoute } from '@tanstack/react-router';\nexport const Route = createRootRoute();\n";
const route = (path: string, component = '') =>
  `import { createFileRoute } from '@tanstack/react-router';\nexport const Route = createFileRoute('${path}')({${component}});\n`;

/** A repository of its own, so that no page or setting a team adds changes what these tests find. */
function repository(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'snxt-names-'));
  const all: Record<string, string> = {
    'src/routes/__root.tsx': ROOT_ROUTE,
    'src/features/settings/settings-fields.ts': 'export const SETTING_FIELDS = {\n  theme: row(1),\n};\n',
    'src/config/constants.ts': "export type Density = 'low' | 'high';\n",
    'public/assets/i18n/en.json': '{ "snxt.menu.settings": "Settings", "snxt.menu.auditLog": "Audit log" }\n',
    'public/assets/i18n/he.json': '{ "snxt.menu.settings": "הגדרות", "snxt.settings.animations.page": "x" }\n',
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
function repo(files: Record<string, string> = {}) {
  roots.push(repository(files));
  return roots.at(-1)!;
}

describe('a page path', () => {
  const root = repo({
    'src/routes/settings.tsx': route('/settings', ' component: SettingsPage '),
    'src/routes/orders/index.tsx': route('/orders/'),
    'src/routes/orders/$id.tsx': route('/orders/$id'),
    'src/routes/admin/route.tsx': route('/admin', ' component: () => <Outlet /> ').replace(
      'createFileRoute }',
      'createFileRoute, Outlet }',
    ),
  });

  it.each(['/reports', '/admin/audit-log', '/q3-results', '/orders/stats'])('takes %s', async (path) => {
    expect(await checkPagePath(root)(path)).toBe(true);
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
    ['an index segment', '/x/index'],
    ['a route segment', '/admin/route'],
    ['a pathless layout', '/_admin/x'],
    ['an ignored file', '/-notes'],
    ['a group', '/(admin)/x'],
    ['an escape', '/[x]'],
    ['a line separator', '/reports\u2028x'],
  ])('refuses %s (%s)', async (_case, path) => {
    expect(await checkPagePath(root)(path)).toEqual(expect.any(String));
  });

  it.each([
    ['a page that exists', '/settings', '/settings is a page already (src/routes/settings.tsx).'],
    ['a path a folder of pages serves', '/orders', '/orders is served already by src/routes/orders/index.tsx'],
    ['a page whose title is a text already', '/audit-log', 'snxt.menu.auditLog is a text already'],
  ])('refuses %s (%s)', async (_case, path, reason) => {
    expect(await checkPagePath(root)(path)).toContain(reason);
  });

  it.each([
    ['x/index.tsx', '/x is served already by src/routes/x/index.tsx'],
    ['x/route.tsx', '/x is served already by src/routes/x/route.tsx'],
    ['x.index.tsx', '/x is served already by src/routes/x.index.tsx'],
    ['_layout/x.tsx', '/x is served already by src/routes/_layout/x.tsx'],
    ['(group)/x.tsx', '/x is served already by src/routes/(group)/x.tsx'],
    ['x.lazy.tsx', '/x is served already by src/routes/x.lazy.tsx'],
    ['x/$id.tsx', 'it would become the frame of src/routes/x/$id.tsx'],
  ])('refuses /x where src/routes/%s is: %s', async (file, reason) => {
    const pages: Record<string, string> = file.startsWith('_layout/')
      ? { 'src/routes/_layout.tsx': route('/_layout') }
      : {};
    const text = file.endsWith('.lazy.tsx')
      ? "import { createLazyFileRoute } from '@tanstack/react-router';\nexport const Route = createLazyFileRoute('/x')({});\n"
      : route(
          `/${file
            .replace(/\.tsx$/, '')
            .replace(/(^|\/)index$/, '$1')
            .replace('.', '/')}`,
        );
    expect(await checkPagePath(repo({ ...pages, [`src/routes/${file}`]: text }))('/x')).toEqual(
      expect.stringContaining(reason),
    );
  });

  it('refuses a path the dotted file a.b.tsx serves', async () => {
    expect(await checkPagePath(repo({ 'src/routes/a.b.tsx': route('/a/b') }))('/a/b')).toContain(
      '/a/b is served already by src/routes/a.b.tsx',
    );
  });

  it('refuses a page below a page that shows no <Outlet />, and takes one below a frame that does', async () => {
    expect(await checkPagePath(root)('/settings/advanced')).toContain(
      'it would show inside src/routes/settings.tsx, whose page renders no <Outlet />',
    );
    expect(await checkPagePath(root)('/admin/users')).toBe(true);
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
  const root = repo();

  it('takes a new camelCase name', () => {
    expect(checkSettingName(root)('compactTables')).toBe(true);
  });

  it('refuses a name whose texts are there already, in any language file', () => {
    expect(checkSettingName(root)('animations')).toBe(
      'animations cannot be added: snxt.settings.animations.page is a text already (public/assets/i18n/he.json).',
    );
  });

  it.each(['theme', 'constructor', 'toString', '__proto__', 'CompactTables', 'compact-tables', 'x', ''])(
    'refuses %j',
    (name) => {
      expect(checkSettingName(root)(name)).toEqual(expect.any(String));
    },
  );

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
    const root = repo();
    expect(checkSettingName(root)('density')).toBe('src/config/constants.ts has DENSITY_CHOICES or Density.');
    expect(checkSettingName(root)('tableDensity')).toBe(true);
  });
});

describe('an English text', () => {
  it.each(['Reports', 'Audit log', 'Q3 – results', 'Relatórios', 'דוחות'])('takes %j', (text) => {
    expect(checkText(text)).toBe(true);
  });

  it.each(['', '   ', 'a\nb', '<b>Reports</b>', '{count} reports', "Don't", '`x`', 'a\\b', 'x'.repeat(61)])(
    'refuses %j',
    (text) => {
      expect(checkText(text)).toEqual(expect.any(String));
    },
  );

  it.each([
    ['\u202e', 'U+202E'],
    ['\u202a', 'U+202A'],
    ['\u2066', 'U+2066'],
    ['\u2069', 'U+2069'],
    ['\u200f', 'U+200F'],
    ['\u2028', 'U+2028'],
    ['\u2029', 'U+2029'],
    ['\u0007', 'U+0007'],
    ['\u0085', 'U+0085'],
  ])('refuses a text holding %j and names it (%s)', (character, name) => {
    expect(checkText(`Re${character}ports`)).toContain(name);
    expect(checkText(`Reports${character}`)).toContain(name);
    expect(checkText(`${character}Reports`)).toContain(name);
  });
});

describe('a resource path', () => {
  const root = repo({
    'src/routes/settings.tsx': route('/settings', ' component: SettingsPage '),
    'src/routes/orders/index.tsx': route('/orders/'),
    'src/routes/reports.index.tsx': route('/reports/'),
    'src/features/stock/stock.ts': '',
    'src/features/invoices/README.md': '',
    'api/resources.ts': "export const RESOURCES = {\n  'stock-items': stockItems,\n};\n",
    'api/resources/tasks.ts': '',
    'src/config/permissions.ts': "export const PERMISSIONS = {\n  'memos:delete': ['snxt-editors'],\n} as const;\n",
    'public/assets/i18n/sk.json': '{ "snxt.auditlogs.title": "Záznamy" }\n',
  });

  it.each(['/notes', '/audit-log', '/q3-results'])('takes %s', async (path) => {
    expect(await checkResourcePath(root)(path)).toBe(true);
  });

  it.each([
    ['notes', /one segment/],
    ['/', /one segment/],
    ['/admin/notes', /one segment/],
    ['/Notes', /one segment/],
    ['/notes/', /one segment/],
    ['/..', /one segment/],
    ['/%2e%2e', /one segment/],
    ['/notes/../books', /one segment/],
    ['/no tes', /one segment/],
    ['/$id', /means something to the router/],
    ['/_notes', /means something to the router/],
    ['/-notes', /means something to the router/],
    ['/(notes)', /means something to the router/],
    ['/[notes]', /means something to the router/],
    ['/index', /means something to the router/],
    ['/route', /means something to the router/],
    ['/api', /build's own files/],
    ['/assets', /build's own files/],
    ['/new', /JavaScript keeps/],
    ['/delete', /JavaScript keeps/],
    ['/constructor', /JavaScript keeps/],
    ['/value-of', /JavaScript keeps/],
    ['/stock', /src\/features\/stock\/stock\.ts exists/],
    ['/tasks', /api\/resources\/tasks\.ts exists/],
    ['/invoices', /src\/features\/invoices exists/],
    ['/stock-items', /api\/resources\.ts has stock-items/],
    ['/memos', /permissions\.ts has memos:delete/],
    ['/audit-logs', /snxt\.auditlogs\.title is a text already \(public\/assets\/i18n\/sk\.json\)/],
    ['/settings', /src\/features\/settings\/settings-fields\.ts exists/],
    ['/orders', /src\/routes\/orders\/index\.tsx exists/],
    ['/reports', /\/reports\/ is served already by src\/routes\/reports\.index\.tsx/],
  ])('refuses %j, saying why', async (path, reason) => {
    expect(await checkResourcePath(root)(path)).toMatch(reason);
  });

  it('names its files, its code and its permission after the path; its types after the singular', () => {
    const names = resourceNames({ path: ' /audit-logs ', plural: ' Audit logs ', singular: 'Audit log' });
    expect(names).toMatchObject({
      path: '/audit-logs',
      name: 'audit-logs',
      camel: 'auditLogs',
      pascal: 'AuditLogs',
      constName: 'AUDIT_LOGS',
      typeName: 'AuditLog',
      keyPrefix: 'snxt.auditlogs',
      permission: 'audit-logs:delete',
    });
    expect(names.files).toMatchObject({
      schema: 'src/features/audit-logs/audit-logs-schema.ts',
      list: 'src/routes/audit-logs/index.tsx',
      record: 'src/routes/audit-logs/$id.tsx',
      api: 'api/resources/audit-logs.ts',
    });
    expect(resourceNames({ path: '/cafes', plural: 'Cafés', singular: 'Café' }).typeName).toBe('CafesItem');
    expect(resourceNames({ path: '/columns', plural: 'Columns', singular: 'Column' }).typeName).toBe('ColumnItem');
    expect(resourceNames({ path: '/news', plural: 'News', singular: 'News' }).typeName).toBe('NewsItem');
  });

  it('writes its texts in English from the plural and singular, an acronym kept as it is', () => {
    expect(resourceTextKeys(resourceNames({ path: '/notes', plural: 'Notes', singular: 'Note' }))).toMatchObject({
      'snxt.notes.title': 'Notes',
      'snxt.notes.search': 'Search notes',
      'snxt.notes.none': 'No notes yet.',
      'snxt.notes.noMatch': 'No notes match “{q}”.',
      'snxt.notes.new': 'New note',
      'snxt.notes.saved': 'Note saved.',
      'snxt.notes.deleted': 'Note deleted.',
      'snxt.notes.deletedElsewhere': 'This note was deleted elsewhere.',
      'snxt.notes.loadFailed': 'The notes could not be loaded.',
      'snxt.notes.deleteMany': 'Delete {n, plural, one {# note} other {# notes}}?',
      'snxt.notes.deletedMany': '{n, plural, one {# note deleted.} other {# notes deleted.}}',
    });
    expect(resourceNames({ path: '/keys', plural: 'API keys', singular: 'API key' }).texts.new).toBe('New API key');
  });

  it('takes plain plural and singular texts only: no # (a number in a plural text)', () => {
    expect(checkResourceText('Audit logs')).toBe(true);
    expect(checkResourceText('Notes #1')).toMatch(/no #/);
    expect(checkResourceText('{n} notes')).toEqual(expect.any(String));
    expect(checkResourceText('Notes\u202e')).toContain('U+202E');
  });
});
