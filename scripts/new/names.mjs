import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeFileProblem } from './routes.mjs';

const SEGMENT = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
// Names the router reads: an index, a layout's own file, a parameter, a pathless layout, an ignored file, a group.
const ROUTER_WORDS = new Set(['index', 'route']);
const ROUTER_MARKS = /^[$_\-([]/;
const I18N_DIR = 'public/assets/i18n';
const ROUTES_FOLDER = 'src/routes/';
// Folders of public/ answered as files, and what the service worker and the headers files own.
const TAKEN_FIRST_SEGMENTS = new Set(['assets', 'icons', 'sw', 'workbox', 'api']);
const SETTING_NAME = /^[a-z][a-zA-Z0-9]{1,39}$/;
const MAX_TEXT = 60;
const CHOICE = /^[a-z][a-zA-Z0-9]{0,29}$/;
const MAX_CHOICES = 8;
const TAKEN_CHOICES = new Set(['description', 'turnOn', 'turnOff', 'keywords']);

const camel = (words) => words.map((word, index) => (index ? word[0].toUpperCase() + word.slice(1) : word)).join('');
const pascal = (words) => words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');

/** An English text for a label or title: one line, not empty, no markup or ICU syntax a translator must keep. */
export function checkText(text) {
  const value = String(text ?? '').trim();
  if (value === '') return 'Give an English text, e.g. "Reports".';
  if ([...value].length > MAX_TEXT) return `Keep it to ${MAX_TEXT} characters.`;
  // Unseen, they would reorder or break what reviewers read in the committed code and texts.
  const unseen = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u.exec(value)?.[0];
  if (unseen !== undefined) {
    const code = `U+${unseen.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    return `It holds ${code}, a control, direction or line-separator character: type the text plainly.`;
  }
  if (/[{}<>'`\\]/.test(value)) return 'Use plain words: no quotes, { } < > or \\.';
  return true;
}

function takenText(root, taken) {
  for (const file of readdirSync(join(root, I18N_DIR)).filter((name) => name.endsWith('.json'))) {
    const key = Object.keys(JSON.parse(readFileSync(join(root, I18N_DIR, file), 'utf8'))).find(taken);
    if (key !== undefined) return `${key} is a text already (${I18N_DIR}/${file})`;
  }
  return null;
}

export function checkPagePath(root) {
  return async (input) => {
    const path = String(input ?? '').trim();
    const segments = path.split('/').slice(1);
    const plain = 'Give a path like /reports or /admin/audit-log: lower-case words joined by hyphens.';
    if (!path.startsWith('/') || segments.length === 0) return plain;
    const marked = segments.find((segment) => ROUTER_MARKS.test(segment) || ROUTER_WORDS.has(segment));
    if (marked !== undefined) {
      return `"${marked}" means something to the router (index, route, or a first $ _ - ( [): ${plain}`;
    }
    if (!segments.every((segment) => SEGMENT.test(segment))) return plain;
    if (TAKEN_FIRST_SEGMENTS.has(segments[0])) return `/${segments[0]} belongs to the build's own files.`;
    const names = pageNames({ path, title: 'x' });
    if (existsSync(join(root, names.routeFile))) return `${path} is a page already (${names.routeFile}).`;
    if (existsSync(join(root, names.pageFile))) return `${names.pageFile} exists already.`;
    const text = takenText(root, (key) => key === names.titleKey);
    if (text) return `${path} cannot be added: ${text}.`;
    const problem = await routeFileProblem(root, names.routeFile.slice(ROUTES_FOLDER.length));
    return problem ? `${path} cannot be added: ${problem}.` : true;
  };
}

/** `/admin/audit-log` → its route file, a domain folder `admin-audit-log` with `AdminAuditLogPage`, `snxt.menu.adminAuditLog`. */
export function pageNames({ path, title }) {
  const segments = String(path).trim().split('/').slice(1);
  const words = segments.flatMap((segment) => segment.split('-'));
  const domain = segments.join('-');
  return {
    path: String(path).trim(),
    title: String(title).trim(),
    domain,
    component: `${pascal(words)}Page`,
    titleKey: `snxt.menu.${camel(words)}`,
    routeFile: `${ROUTES_FOLDER}${segments.join('/')}.tsx`,
    pageFile: `src/features/${domain}/${domain}-page.tsx`,
    testFile: `src/features/${domain}/${domain}-page.test.tsx`,
    indexFile: `src/features/${domain}/index.ts`,
    upToSrc: '../'.repeat(segments.length),
  };
}

const inPrototype = (name) => name in Object.prototype;

export function checkSettingName(root) {
  return (input) => {
    const name = String(input ?? '').trim();
    if (!SETTING_NAME.test(name) || inPrototype(name)) {
      return 'Give a camelCase name like compactTables: a letter first, then letters and digits.';
    }
    const fields = readFileSync(join(root, 'src/features/settings/settings-fields.ts'), 'utf8');
    if (new RegExp(`^\\s+${name}:`, 'm').test(fields)) return `${name} is a setting already.`;
    const constants = readFileSync(join(root, 'src/config/constants.ts'), 'utf8');
    const { listName, typeName } = choiceNames(name);
    if (new RegExp(`\\b(${listName}|${typeName})\\b`).test(constants))
      return `src/config/constants.ts has ${listName} or ${typeName}.`;
    const labelKey = `snxt.settings.${name}`;
    const text = takenText(root, (key) => key === labelKey || key.startsWith(`${labelKey}.`));
    return text ? `${name} cannot be added: ${text}.` : true;
  };
}

const splitChoices = (input) =>
  String(input ?? '')
    .split(',')
    .map((choice) => choice.trim());

export function checkChoices(input) {
  if (String(input ?? '').trim() === '') return true;
  const choices = splitChoices(input);
  const bad = choices.find((choice) => !CHOICE.test(choice) || inPrototype(choice) || TAKEN_CHOICES.has(choice));
  if (bad !== undefined) {
    return `"${bad}" cannot be a choice: give camelCase words like compact,comfortable (not ${[...TAKEN_CHOICES].join(', ')}).`;
  }
  if (choices.length < 2 || choices.length > MAX_CHOICES)
    return `Give 2 to ${MAX_CHOICES} choices, separated by commas.`;
  if (new Set(choices).size !== choices.length) return 'Give each choice once.';
  return true;
}

/** `--choices a,b` or `--choices=a,b` (plop hands on only the first form, as the third answer). */
export function choicesFromCommandLine(argv) {
  const at = argv.findIndex((arg) => arg === '--choices' || arg.startsWith('--choices='));
  if (at === -1) return undefined;
  return argv[at] === '--choices' ? (argv[at + 1] ?? '') : argv[at].slice('--choices='.length);
}

function choiceNames(name) {
  const words = String(name)
    .trim()
    .split(/(?=[A-Z])/);
  return {
    listName: `${words.map((word) => word.toUpperCase()).join('_')}_CHOICES`,
    typeName: pascal(words),
  };
}

const englishOf = (choice) => {
  const words = choice.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
  return words.join(' ').replace(/^./, (first) => first.toUpperCase());
};

const lowerFirst = (text) => (/^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text);

/** @param {{ name: string, label: string, choices?: string }} answers → keys and English texts, a select's with choices */
export function settingNames({ name, label, choices }) {
  const labelKey = `snxt.settings.${String(name).trim()}`;
  const text = String(label).trim();
  const base = { name: String(name).trim(), labelKey };
  if (String(choices ?? '').trim() === '') {
    return {
      ...base,
      texts: {
        [labelKey]: text,
        [`${labelKey}.turnOn`]: `Turn on ${lowerFirst(text)}`,
        [`${labelKey}.turnOff`]: `Turn off ${lowerFirst(text)}`,
      },
    };
  }
  const values = splitChoices(choices);
  return {
    ...base,
    ...choiceNames(name),
    choices: values,
    texts: Object.fromEntries([
      [labelKey, text],
      ...values.map((choice) => [`${labelKey}.${choice}`, englishOf(choice)]),
    ]),
  };
}
