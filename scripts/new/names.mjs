import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SEGMENT = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
// Folders of public/ answered as files, and what the service worker and the headers files own.
const TAKEN_FIRST_SEGMENTS = new Set(['assets', 'icons', 'sw', 'workbox', 'api']);
const SETTING_NAME = /^[a-z][a-zA-Z0-9]{1,39}$/;
const MAX_TEXT = 60;

const camel = (words) => words.map((word, index) => (index ? word[0].toUpperCase() + word.slice(1) : word)).join('');
const pascal = (words) => words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');

/** An English text for a label or title: one line, not empty, no markup or ICU syntax a translator must keep. */
export function checkText(text) {
  const value = String(text ?? '').trim();
  if (value === '') return 'Give an English text, e.g. "Reports".';
  if ([...value].length > MAX_TEXT) return `Keep it to ${MAX_TEXT} characters.`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f{}<>'`\\]/.test(value))
    return 'Use plain words: no line breaks, quotes, { } < > or \\.';
  return true;
}

export function checkPagePath(root) {
  return (input) => {
    const path = String(input ?? '').trim();
    const segments = path.split('/').slice(1);
    if (!path.startsWith('/') || segments.length === 0 || !segments.every((segment) => SEGMENT.test(segment))) {
      return 'Give a path like /reports or /admin/audit-log: lower-case words joined by hyphens.';
    }
    if (TAKEN_FIRST_SEGMENTS.has(segments[0])) return `/${segments[0]} belongs to the build's own files.`;
    const names = pageNames({ path, title: 'x' });
    if (existsSync(join(root, names.routeFile))) return `${path} is a page already (${names.routeFile}).`;
    if (existsSync(join(root, names.pageFile))) return `${names.pageFile} exists already.`;
    return true;
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
    routeFile: `src/routes/${segments.join('/')}.tsx`,
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
    return true;
  };
}

const lowerFirst = (text) => (/^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text);

/** `compactTables`, "Compact tables" → its label key and the English texts of its row and palette commands. */
export function settingNames({ name, label }) {
  const labelKey = `snxt.settings.${String(name).trim()}`;
  const text = String(label).trim();
  return {
    name: String(name).trim(),
    labelKey,
    texts: {
      [labelKey]: text,
      [`${labelKey}.turnOn`]: `Turn on ${lowerFirst(text)}`,
      [`${labelKey}.turnOff`]: `Turn off ${lowerFirst(text)}`,
    },
  };
}
