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
  // Looked for before trimming too: trim() drops a U+2028 at either end, and a name must not hide one.
  const unseen = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u.exec(String(text ?? ''))?.[0];
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

// Names a resource's code declares as they are: a JavaScript word or an object's own member cannot be one.
const RESERVED_WORDS = new Set(
  (
    'arguments await break case catch class const continue debugger default delete do else enum eval export extends ' +
    'false finally for function if implements import in instanceof interface let new null package private protected ' +
    'public return static super switch this throw true try typeof undefined var void while with yield'
  ).split(' '),
);
// Type names the generated files import: a singular of one of these gets `…Item` instead.
const KIT_TYPES = new Set(['Column', 'Field', 'Resource', 'ResourceTexts', 'Record']);
const RESOURCE_SEGMENT = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const RESOURCE_API = 'api/resources.ts';
const PERMISSIONS_FILE = 'src/config/permissions.ts';

/** Plural or singular English for a resource: a text as for a page, and no `#` (a number in the plural texts). */
export function checkResourceText(text) {
  const checked = checkText(text);
  if (checked !== true) return checked;
  return String(text).includes('#') ? 'Use plain words: no #.' : true;
}

/** `/audit-logs` with "Audit logs" and "Audit log" → every name the resource's files use. */
export function resourceNames({ path, plural, singular }) {
  const name = String(path).trim().slice(1);
  const words = name.split('-');
  const pluralText = String(plural).trim();
  const singularText = String(singular).trim();
  const singularWords = singularText.split(/[\s-]+/);
  const plainSingular = singularWords.every((word) => /^[A-Za-z][A-Za-z0-9]*$/.test(word));
  const typeName = plainSingular ? pascal(singularWords) : `${pascal(words)}Item`;
  const lowerPlural = lowerFirst(pluralText);
  const lowerSingular = lowerFirst(singularText);
  // An area of the texts is lower-case letters and digits (src/i18n/translations.test.ts).
  const keyPrefix = `snxt.${words.join('')}`;
  const texts = {
    title: pluralText,
    item: singularText,
    search: `Search ${lowerPlural}`,
    none: `No ${lowerPlural} yet.`,
    noMatch: `No ${lowerPlural} match “{q}”.`,
    new: `New ${lowerSingular}`,
    saved: `${singularText} saved.`,
    deleted: `${singularText} deleted.`,
    changedElsewhere: `This ${lowerSingular} was changed elsewhere.`,
    deletedElsewhere: `This ${lowerSingular} was deleted elsewhere.`,
    loadFailed: `The ${lowerPlural} could not be loaded.`,
    deleteMany: `Delete {n, plural, one {# ${lowerSingular}} other {# ${lowerPlural}}}?`,
    deletedMany: `{n, plural, one {# ${lowerSingular} deleted.} other {# ${lowerPlural} deleted.}}`,
    notFound: `${singularText} not found`,
    notFoundText: `This ${lowerSingular} does not exist, or it was deleted.`,
    backToList: `Back to ${pluralText}`,
  };
  const feature = `src/features/${name}`;
  return {
    path: `/${name}`,
    name,
    plural: pluralText,
    singular: singularText,
    camel: camel(words),
    pascal: pascal(words),
    constName: words.map((word) => word.toUpperCase()).join('_'),
    typeName: KIT_TYPES.has(typeName) || typeName === pascal(words) ? `${typeName}Item` : typeName,
    keyPrefix,
    texts,
    permission: `${name}:delete`,
    feature,
    files: {
      schema: `${feature}/${name}-schema.ts`,
      columns: `${feature}/${name}-columns.ts`,
      fields: `${feature}/${name}-fields.ts`,
      texts: `${feature}/${name}-texts.ts`,
      resource: `${feature}/${name}.ts`,
      index: `${feature}/index.ts`,
      test: `${feature}/${name}.test.tsx`,
      list: `${ROUTES_FOLDER}${name}/index.tsx`,
      new: `${ROUTES_FOLDER}${name}/new.tsx`,
      record: `${ROUTES_FOLDER}${name}/$id.tsx`,
      api: `api/resources/${name}.ts`,
    },
  };
}

/** The resource's texts, keyed: the English of each, and the fixed words every generated resource has. */
export function resourceTextKeys(names) {
  return Object.fromEntries(Object.entries(names.texts).map(([key, text]) => [`${names.keyPrefix}.${key}`, text]));
}

export function checkResourcePath(root) {
  return async (input) => {
    const path = String(input ?? '').trim();
    const plain = 'Give a path of one segment like /notes or /audit-logs: lower-case words joined by hyphens.';
    if (!path.startsWith('/')) return plain;
    const segments = path.split('/').slice(1);
    const marked = segments.find((segment) => ROUTER_MARKS.test(segment) || ROUTER_WORDS.has(segment));
    if (marked !== undefined) {
      return `"${marked}" means something to the router (index, route, or a first $ _ - ( [): ${plain}`;
    }
    if (segments.length !== 1 || !RESOURCE_SEGMENT.test(segments[0])) return plain;
    if (TAKEN_FIRST_SEGMENTS.has(segments[0])) return `/${segments[0]} belongs to the build's own files.`;
    const names = resourceNames({ path, plural: 'x', singular: 'x' });
    if (RESERVED_WORDS.has(names.camel) || inPrototype(names.camel) || inPrototype(names.name)) {
      return `"${names.name}" cannot name a resource: it is a word JavaScript keeps for itself.`;
    }
    const exists = Object.values(names.files).find((file) => existsSync(join(root, file)));
    if (exists !== undefined) return `${path} is a resource already, or in its way: ${exists} exists.`;
    if (existsSync(join(root, names.feature))) return `${names.feature} exists already.`;
    if (new RegExp(`^\\s*['"]?${names.name}['"]?\\s*:`, 'm').test(readFileSync(join(root, RESOURCE_API), 'utf8'))) {
      return `${RESOURCE_API} has ${names.name} already.`;
    }
    if (readFileSync(join(root, PERMISSIONS_FILE), 'utf8').includes(`'${names.permission}'`)) {
      return `${PERMISSIONS_FILE} has ${names.permission} already.`;
    }
    const text = takenText(root, (key) => key === names.keyPrefix || key.startsWith(`${names.keyPrefix}.`));
    if (text) return `${path} cannot be added: ${text}.`;
    for (const file of [names.files.list, names.files.new, names.files.record]) {
      const problem = await routeFileProblem(root, file.slice(ROUTES_FOLDER.length));
      if (problem) return `${path} cannot be added: ${problem}.`;
    }
    return true;
  };
}
