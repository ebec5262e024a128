// @vitest-environment node
// A team's repository in one scratch copy of this one: the recipes of `npm run new`, one case each, and what they must
// refuse (writing nothing); then the example's removal, as a team runs it; then `npm test`'s static and unit steps
// over the result, once. Names a team has taken already get a number, so this holds on any fork.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removalCases } from '../remove-examples/removal-cases'; // example: books
import { passes, scratchCopy, type ScratchCopy } from '../scratch-copy/scratch-copy';
import {
  checkPagePath,
  checkResourcePath,
  checkSettingName,
  pageNames,
  resourceNames,
  settingNames,
} from './names.mjs';

const LANGUAGES = ['en', 'de', 'sk', 'fr', 'es', 'pt-br', 'zh-cn', 'he'];

type Page = ReturnType<typeof pageNames>;
type ResourceNames = ReturnType<typeof resourceNames>;
interface Choices {
  name: string;
  labelKey: string;
  listName: string;
  typeName: string;
}
interface Names {
  page: Page;
  nested: Page;
  yesNo: string;
  choices: Choices;
  choicesGiven: Choices;
  sparePage: string;
  spareSetting: string;
  notes: ResourceNames;
  auditLogs: ResourceNames;
  spareResource: string;
}

interface Recipe {
  /** What follows `npm run new --`. */
  args: (names: Names) => string[];
  /** What the files it wrote hold. */
  wrote: (copy: ScratchCopy, names: Names) => void;
}

const texts = (copy: ScratchCopy, language: string) =>
  JSON.parse(copy.read(`public/assets/i18n/${language}.json`)) as Record<string, string>;

const RECIPES: Record<string, Recipe> = {
  'a page': {
    args: ({ page }) => ['page', page.path, 'Reports'],
    wrote: (copy, { page }) => {
      const route = copy.read(page.routeFile);
      expect(route).toContain(`createFileRoute('${page.path}')`);
      expect(route).toContain(`staticData: { titleKey: '${page.titleKey}', nav: 'main' }`);
      expect(copy.read('src/routeTree.gen.ts')).toContain(`'${page.path}'`);
      for (const language of LANGUAGES) expect(texts(copy, language)[page.titleKey]).toBe('Reports');
    },
  },
  'a page in a folder of its own': {
    args: ({ nested }) => ['page', nested.path, 'Audit log'],
    wrote: (copy, { nested }) => {
      expect(copy.read(nested.routeFile)).toContain(`createFileRoute('${nested.path}')`);
      expect(copy.read(nested.indexFile)).toContain(nested.component);
    },
  },
  'a yes/no setting': {
    args: ({ yesNo }) => ['setting', yesNo, 'Compact tables'],
    wrote: (copy, { yesNo }) => {
      expect(copy.read('src/features/settings/settings-fields.ts')).toContain(`${yesNo}: row(false, isBoolean),`);
      for (const language of LANGUAGES) {
        expect(texts(copy, language)).toMatchObject({
          [`snxt.settings.${yesNo}`]: 'Compact tables',
          [`snxt.settings.${yesNo}.turnOn`]: 'Turn on compact tables',
        });
      }
    },
  },
  'a setting with choices': {
    args: ({ choices }) => ['setting', choices.name, 'Table density', '--choices', 'comfortable,compact,spacious'],
    wrote: (copy, { choices }) => {
      expect(copy.read('src/features/settings/settings-fields.ts')).toContain(
        `${choices.name}: row<${choices.typeName}>('comfortable', oneOf(${choices.listName})),`,
      );
      expect(copy.read('src/config/constants.ts')).toContain(
        `export const ${choices.listName} = ['comfortable', 'compact', 'spacious'] as const;`,
      );
      expect(copy.read('src/features/settings/page/setting-controls.ts')).toMatch(
        new RegExp(`${choices.name}: \\{\\s+kind: 'select',\\s+section: 'general',`),
      );
      expect(texts(copy, 'he')[`${choices.labelKey}.spacious`]).toBe('Spacious');
    },
  },
  'a setting with choices given as --choices=': {
    args: ({ choicesGiven }) => ['setting', choicesGiven.name, 'Chart style', '--choices=bars,lines'],
    wrote: (copy, { page, yesNo, choicesGiven }) => {
      expect(copy.read('src/features/settings/settings-fields.ts')).toContain(
        `${choicesGiven.name}: row<${choicesGiven.typeName}>('bars', oneOf(${choicesGiven.listName})),`,
      );
      expect(JSON.parse(copy.read('src/i18n/awaiting-translation.json'))).toEqual(
        expect.arrayContaining([page.titleKey, `snxt.settings.${yesNo}`, `${choicesGiven.labelKey}.bars`]),
      );
    },
  },
  'a resource': {
    args: ({ notes }) => ['resource', notes.path, 'Notes', 'Note'],
    wrote: (copy, { notes }) => wroteResource(copy, notes),
  },
  'a second resource, of two words': {
    args: ({ auditLogs }) => ['resource', auditLogs.path, 'Audit logs', 'Audit log'],
    wrote: (copy, { auditLogs }) => wroteResource(copy, auditLogs),
  },
};

function wroteResource(copy: ScratchCopy, names: ResourceNames) {
  for (const file of Object.values(names.files)) expect(copy.exists(file), file).toBe(true);
  expect(copy.read(names.files.list)).toContain(`nav: 'main', requiresAuth: true`);
  expect(copy.read(names.files.resource)).toContain(
    `url: () => (env.apiUrl ? \`\${env.apiUrl}/${names.name}\` : null)`,
  );
  expect(copy.read('src/routeTree.gen.ts')).toContain(`'${names.path}/$id'`);
  expect(copy.read('api/resources.ts')).toContain(`import { ${names.camel} } from './resources/${names.name}.ts';`);
  expect(copy.read('src/config/permissions.ts')).toContain(`'${names.permission}': ['snxt-editors'],`);
  for (const language of LANGUAGES) {
    expect(texts(copy, language)[`${names.keyPrefix}.title`]).toBe(names.plural);
    expect(texts(copy, language)[`${names.keyPrefix}.fields.title`]).toEqual(expect.any(String));
  }
  expect(texts(copy, 'de')[`${names.keyPrefix}.errors.titleRequired`]).toBe('Geben Sie einen Titel ein');
  expect(JSON.parse(copy.read('src/i18n/awaiting-translation.json'))).toEqual(
    expect.arrayContaining([`${names.keyPrefix}.title`, `${names.keyPrefix}.deleteMany`]),
  );
}

/** What a generator refuses once the recipes above ran, with the reason it gives (names.test.ts has every rule). */
const REFUSALS: Record<string, [(names: Names) => string[], RegExp]> = {
  'a page that exists': [({ page }) => ['page', page.path, 'Reports'], /is a page already/],
  // example: books {
  'a path a folder of pages serves': [
    () => ['page', '/books', 'Books'],
    /\/books is served already by src\/routes\/books\/index\.tsx/,
  ],
  // example: books }
  'a page below a page with no outlet': [({ page }) => ['page', `${page.path}/more`, 'More'], /no <Outlet \/>/],
  'a title with a direction control': [({ sparePage }) => ['page', sparePage, 'Stats \u202e2026'], /U\+202E/],
  'a label with a line separator': [({ spareSetting }) => ['setting', spareSetting, 'Wide\u2028tables'], /U\+2028/],
  'one choice': [({ spareSetting }) => ['setting', spareSetting, 'Wide', '--choices', 'only'], /Give 2 to 8 choices/],
  'a resource that exists': [({ notes }) => ['resource', notes.path, 'Notes', 'Note'], /is a resource already/],
  'a resource where a page is': [({ page }) => ['resource', page.path, 'Reports', 'Report'], /exists|served already/],
  'a resource path with a dot segment': [() => ['resource', '/..', 'Notes', 'Note'], /one segment/],
  'a resource named by the router': [() => ['resource', '/$id', 'Notes', 'Note'], /means something to the router/],
  'a resource plural with a direction control': [
    ({ spareResource }) => ['resource', spareResource, 'Memos\u2067', 'Memo'],
    /U\+2067/,
  ],
  'a resource singular with a #': [({ spareResource }) => ['resource', spareResource, 'Memos', 'Memo #'], /no #/],
};

let copy: ScratchCopy;
let start: string;
let names: Names;

async function freePath(path: string) {
  for (let number = 1; ; number += 1) {
    const candidate = number === 1 ? path : `${path}${number}`;
    if ((await checkPagePath(copy.dir)(candidate)) === true) return candidate;
  }
}
async function freeResource(path: string) {
  for (let number = 1; ; number += 1) {
    const candidate = number === 1 ? path : `${path}${number}`;
    if ((await checkResourcePath(copy.dir)(candidate)) === true) return candidate;
  }
}
function freeSetting(name: string) {
  for (let number = 1; ; number += 1) {
    const candidate = number === 1 ? name : `${name}${number}`;
    if (checkSettingName(copy.dir)(candidate) === true) return candidate;
  }
}

beforeAll(async () => {
  copy = scratchCopy('recipes');
  start = copy.commit('the repository');
  const page = (path: string) => pageNames({ path, title: 'x' });
  const select = (name: string, choices: string) =>
    settingNames({ name: freeSetting(name), label: 'x', choices }) as Choices;
  names = {
    page: page(await freePath('/reports')),
    nested: page(await freePath('/admin/audit-log')),
    yesNo: freeSetting('compactTables'),
    choices: select('tableDensity', 'comfortable,compact,spacious'),
    choicesGiven: select('chartStyle', 'bars,lines'),
    sparePage: await freePath('/reading-stats'),
    spareSetting: freeSetting('wideTables'),
    notes: resourceNames({ path: await freeResource('/notes'), plural: 'Notes', singular: 'Note' }),
    auditLogs: resourceNames({ path: await freeResource('/audit-logs'), plural: 'Audit logs', singular: 'Audit log' }),
    spareResource: await freeResource('/memos'),
  };
});
afterAll(() => copy.remove());

const recipe = (args: string[]) =>
  copy.node('node_modules/plop/bin/plop.js', '--plopfile', 'scripts/new/plopfile.mjs', '--no-progress', ...args);

describe('the recipes (npm run new)', () => {
  it.each(Object.entries(RECIPES))('%s', (_name, { args, wrote }) => {
    passes(`npm run new -- ${args(names).join(' ')}`, recipe(args(names)));
    wrote(copy, names);
    copy.commit(args(names).join(' '));
  });

  it.each(Object.entries(REFUSALS))(
    'refuses %s: exits non-zero with the reason and writes nothing',
    (_name, [args, reason]) => {
      const refused = recipe(args(names));
      expect(refused.status, refused.output).not.toBe(0);
      expect(refused.output).toMatch(reason);
      expect(passes('git status', copy.git('status', '--porcelain', '--untracked-files=all'))).toBe('');
    },
  );
});

describe('a generated resource, end to end', () => {
  it('passes tests/e2e/generated-resource.spec.ts against one production build and the local provider', () => {
    const playwright = 'node_modules/@playwright/test/cli.js';
    const resource = { path: names.notes.path, plural: names.notes.plural, singular: names.notes.singular };
    const saved = { variants: process.env.E2E_VARIANTS, resource: process.env.E2E_RESOURCE };
    process.env.E2E_VARIANTS = 'main';
    process.env.E2E_RESOURCE = JSON.stringify(resource);
    try {
      const output = passes('playwright', copy.node(playwright, 'test', 'tests/e2e/generated-resource.spec.ts'));
      expect(output).not.toMatch(/\d+ skipped/);
    } finally {
      for (const [name, value] of [
        ['E2E_VARIANTS', saved.variants],
        ['E2E_RESOURCE', saved.resource],
      ] as const) {
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
    }
  });
});

removalCases(() => copy); // example: books

describe('then', () => {
  it("npm test's type check, lint, formatting, knip and unit tests pass", () => {
    const tests = copy.checksPass(start);
    expect(tests).toContain(names.page.testFile);
    expect(tests).toContain(names.notes.files.test);
    expect(tests).toContain(names.auditLogs.files.test);
    expect(tests).toMatch(/Test Files +\d+ passed/);
  });
});
