// `npm run new -- page|setting|resource …` (docs/recipes.md; a setting takes --choices a,b,…); without arguments plop asks.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addTexts, AWAITING_TRANSLATION, formatFiles, regenerateRouteTree } from './edits.mjs';
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

const root = fileURLToPath(new URL('../..', import.meta.url));
const template = (name) => fileURLToPath(new URL(`templates/${name}`, import.meta.url));
const CONSTANTS_IMPORT = /(import \{)([^}]*?),?\s*(\} from '(?:\.\.\/)+config\/constants';)/;

// Plop asks what the command line left out; a name and a label there make choices optional (`--choices`).
const namedOnCommandLine = (generator) => {
  const at = process.argv.indexOf(generator);
  return at !== -1 && at < process.argv.length - 1;
};

/** The setting's choices, from the answers or from `--choices=…` (which plop does not pass on); none: a switch. */
function choicesOf(answers) {
  const flag = choicesFromCommandLine(process.argv);
  if (flag !== undefined && flag.trim() === '') throw new Error('--choices needs its values, e.g. --choices a,b');
  const choices = answers.choices || flag || '';
  const checked = checkChoices(choices);
  if (checked !== true) throw new Error(checked);
  return choices;
}

function switchActions(names) {
  return [
    {
      type: 'modify',
      path: `${root}/src/features/settings/settings-fields.ts`,
      pattern: /(export const SETTING_FIELDS = \{[\s\S]*?)(\n\};)/,
      template: `$1\n  ${names.name}: row(false, isBoolean),$2`,
    },
    {
      type: 'modify',
      path: `${root}/src/features/settings/page/setting-controls.ts`,
      pattern: /(export const SETTING_CONTROLS\b[\s\S]*?)(\n\};)/,
      template: [
        '$1',
        `  ${names.name}: {`,
        "    kind: 'switch',",
        "    section: 'general',",
        `    labelKey: '${names.labelKey}',`,
        "    command: 'preferences',",
        '  },$2',
      ].join('\n'),
    },
  ];
}

function choiceActions(names) {
  const imports = `$1$2, ${names.listName}, type ${names.typeName} $3`;
  return [
    {
      type: 'modify',
      path: `${root}/src/config/constants.ts`,
      pattern: /\s*$/,
      template: [
        '',
        '',
        `export const ${names.listName} = [${names.choices.map((choice) => `'${choice}'`).join(', ')}] as const;`,
        `export type ${names.typeName} = (typeof ${names.listName})[number];`,
        '',
      ].join('\n'),
    },
    {
      type: 'modify',
      path: `${root}/src/features/settings/settings-fields.ts`,
      pattern: CONSTANTS_IMPORT,
      template: imports,
    },
    {
      type: 'modify',
      path: `${root}/src/features/settings/settings-fields.ts`,
      pattern: /(export const SETTING_FIELDS = \{[\s\S]*?)(\n\};)/,
      template: `$1\n  ${names.name}: row<${names.typeName}>('${names.choices[0]}', oneOf(${names.listName})),$2`,
    },
    {
      type: 'modify',
      path: `${root}/src/features/settings/page/setting-controls.ts`,
      pattern: CONSTANTS_IMPORT,
      template: `$1$2, ${names.listName} $3`,
    },
    {
      type: 'modify',
      path: `${root}/src/features/settings/page/setting-controls.ts`,
      pattern: /(export const SETTING_CONTROLS\b[\s\S]*?)(\n\};)/,
      template: [
        '$1',
        `  ${names.name}: {`,
        "    kind: 'select',",
        "    section: 'general',",
        `    labelKey: '${names.labelKey}',`,
        `    options: ${names.listName}.map((choice) => ({ value: choice, labelKey: \`${names.labelKey}.\${choice}\` })),`,
        "    command: 'preferences',",
        '  },$2',
      ].join('\n'),
    },
  ];
}

// Texts every generated resource has, in every language; the resource's own words stay English until translated.
const RESOURCE_TRANSLATIONS = JSON.parse(readFileSync(template('resource/translations.json'), 'utf8'));
const RESOURCE_FILES = {
  schema: 'schema.ts',
  columns: 'columns.ts',
  fields: 'fields.ts',
  texts: 'texts.ts',
  resource: 'resource.ts',
  index: 'index.ts',
  test: 'test.tsx',
  list: 'route-list.tsx',
  new: 'route-new.tsx',
  record: 'route-record.tsx',
  api: 'api.ts',
};

function resourceActions(names) {
  const entry = names.camel === names.name ? names.camel : `'${names.name}': ${names.camel}`;
  const translated = Object.fromEntries(
    Object.entries(RESOURCE_TRANSLATIONS).map(([key, byLanguage]) => [`${names.keyPrefix}.${key}`, byLanguage]),
  );
  return [
    ...Object.entries(RESOURCE_FILES).map(([file, templateName]) => ({
      type: 'add',
      path: `${root}/${names.files[file]}`,
      templateFile: template(`resource/${templateName}.hbs`),
      data: names,
    })),
    {
      type: 'modify',
      path: `${root}/api/resources.ts`,
      pattern: /^(import [^\n]*\n)(?![\s\S]*^import )/m,
      template: `$1import { ${names.camel} } from './resources/${names.name}.ts';\n`,
    },
    {
      type: 'modify',
      path: `${root}/api/resources.ts`,
      pattern: /(export const RESOURCES\b[\s\S]*?)(\n\};)/,
      template: `$1\n  ${entry},$2`,
    },
    {
      type: 'modify',
      path: `${root}/eslint.config.js`,
      pattern: /(const DOMAINS = \{[\s\S]*?)(\n\};)/,
      template: `$1\n  ${names.camel === names.name ? names.name : `'${names.name}'`}: ['auth'],$2`,
    },
    {
      type: 'modify',
      path: `${root}/src/config/permissions.ts`,
      pattern: /(export const PERMISSIONS = \{[\s\S]*?)(\n\} as const)/,
      template: `$1\n  '${names.permission}': ['snxt-editors'],$2`,
    },
    { type: 'texts', texts: resourceTextKeys(names), translated },
    { type: 'route tree' },
    {
      type: 'format',
      files: [
        ...Object.values(names.files),
        'api/resources.ts',
        'eslint.config.js',
        'src/config/permissions.ts',
        AWAITING_TRANSLATION,
      ],
    },
  ];
}

/** @param {import('plop').NodePlopAPI} plop */
export default function recipes(plop) {
  plop.setDefaultInclude({ actionTypes: true });
  plop.setActionType('texts', (_answers, config) => addTexts(root, config.texts, config.translated));
  plop.setActionType('route tree', () => regenerateRouteTree(root));
  plop.setActionType('format', (_answers, config) => formatFiles(root, config.files));

  plop.setGenerator('page', {
    description: 'a page: its route, its component, its title in every language, its navigation entry',
    prompts: [
      { type: 'input', name: 'path', message: 'Path (e.g. /reports)', validate: checkPagePath(root) },
      { type: 'input', name: 'title', message: 'English title (e.g. Reports)', validate: checkText },
    ],
    actions: (answers) => {
      const names = pageNames(answers);
      return [
        { type: 'add', path: `${root}/${names.routeFile}`, templateFile: template('route.tsx.hbs'), data: names },
        { type: 'add', path: `${root}/${names.pageFile}`, templateFile: template('page.tsx.hbs'), data: names },
        { type: 'add', path: `${root}/${names.testFile}`, templateFile: template('page.test.tsx.hbs'), data: names },
        {
          // A page of a domain that has its entry already is one more export of it.
          type: existsSync(`${root}/${names.indexFile}`) ? 'append' : 'add',
          path: `${root}/${names.indexFile}`,
          templateFile: template('page-export.ts.hbs'),
          data: names,
        },
        { type: 'texts', texts: { [names.titleKey]: names.title } },
        { type: 'route tree' },
        {
          type: 'format',
          files: [names.routeFile, names.pageFile, names.testFile, names.indexFile, AWAITING_TRANSLATION],
        },
      ];
    },
  });

  plop.setGenerator('setting', {
    description:
      'a setting in the General section with its palette commands: yes/no (off), or --choices a,b,… (the first)',
    prompts: [
      { type: 'input', name: 'name', message: 'camelCase name (e.g. compactTables)', validate: checkSettingName(root) },
      { type: 'input', name: 'label', message: 'English label (e.g. Compact tables)', validate: checkText },
      {
        type: 'input',
        name: 'choices',
        message: 'Choices, the default first (e.g. compact,comfortable; empty for a yes/no switch)',
        validate: checkChoices,
        when: !namedOnCommandLine('setting'),
      },
    ],
    actions: (answers) => {
      const names = settingNames({ ...answers, choices: choicesOf(answers) });
      const changed = [
        'src/features/settings/settings-fields.ts',
        'src/features/settings/page/setting-controls.ts',
        AWAITING_TRANSLATION,
      ];
      return [
        ...(names.choices ? choiceActions(names) : switchActions(names)),
        { type: 'texts', texts: names.texts },
        { type: 'format', files: names.choices ? ['src/config/constants.ts', ...changed] : changed },
      ];
    },
  });

  plop.setGenerator('resource', {
    description:
      'a data page over {VITE_API_URL}/{name}: list, new and edit pages, texts, permission, API rules, tests',
    prompts: [
      { type: 'input', name: 'path', message: 'Path (e.g. /notes)', validate: checkResourcePath(root) },
      { type: 'input', name: 'plural', message: 'English plural (e.g. Notes)', validate: checkResourceText },
      { type: 'input', name: 'singular', message: 'English singular (e.g. Note)', validate: checkResourceText },
    ],
    actions: (answers) => resourceActions(resourceNames(answers)),
  });
}
