// `npm run new -- page|setting …` (docs/recipes.md); without arguments plop asks for them.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addTexts, AWAITING_TRANSLATION, formatFiles, regenerateRouteTree } from './edits.mjs';
import { checkPagePath, checkSettingName, checkText, pageNames, settingNames } from './names.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const template = (name) => fileURLToPath(new URL(`templates/${name}`, import.meta.url));

/** @param {import('plop').NodePlopAPI} plop */
export default function recipes(plop) {
  plop.setDefaultInclude({ actionTypes: true });
  plop.setActionType('texts', (_answers, config) => addTexts(root, config.texts));
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
    description: 'a yes/no setting (off by default) in the General section, with its palette command',
    prompts: [
      { type: 'input', name: 'name', message: 'camelCase name (e.g. compactTables)', validate: checkSettingName(root) },
      { type: 'input', name: 'label', message: 'English label (e.g. Compact tables)', validate: checkText },
    ],
    actions: (answers) => {
      const names = settingNames(answers);
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
        { type: 'texts', texts: names.texts },
        {
          type: 'format',
          files: [
            'src/features/settings/settings-fields.ts',
            'src/features/settings/page/setting-controls.ts',
            AWAITING_TRANSLATION,
          ],
        },
      ];
    },
  });
}
