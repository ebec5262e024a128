// What `npm run examples:remove` does, from the example's list of files and what git says of each.
import { syntaxOf, withoutKeys, withoutMarkedLines } from './marked-lines.mjs';
import { packagesOnlyIn } from './packages.mjs';

const PACKAGE_FILES = ['package.json', 'package-lock.json'];

const under = (folders, path) => folders.some((folder) => path.startsWith(folder));

/** `example`: books-example.json; `self`: the remover's folder; `files`: what git lists; `uncommitted`: changed ones. */
export function planRemoval({ example, self, files, uncommitted, read }) {
  const shipped = new Set(example.files);
  const present = files.filter((path) => !path.startsWith(self));
  const deleted = present.filter((path) => shipped.has(path) && !uncommitted.has(path));
  const kept = [
    ...present
      .filter((path) => shipped.has(path) && uncommitted.has(path))
      .map((path) => ({ path, why: 'uncommitted changes' })),
    ...present
      .filter((path) => !shipped.has(path) && under(example.folders, path))
      .map((path) => ({ path, why: 'not a file of the example' })),
  ];
  const remaining = present.filter((path) => !deleted.includes(path));
  const sources = remaining.filter((path) => !PACKAGE_FILES.includes(path));
  const edits = sources
    .map((path) => ({ path, text: read(path) }))
    .filter(({ text }) => text.includes(example.marker))
    .map(({ path, text }) => {
      const syntax = syntaxOf(path);
      if (!syntax) throw new Error(`${path} names "${example.marker}", but only code and Markdown can be edited`);
      return { path, ...withoutMarkedLines(text, example.marker, syntax, path) };
    });
  const catalogs = remaining
    .filter((path) => path.startsWith(example.catalogs) && path.endsWith('.json'))
    .map((path) => ({ path, ...withoutKeys(read(path), example.keyPrefix) }))
    .filter(({ removed }) => removed.length > 0);
  const changed = new Map([...edits, ...catalogs].map(({ path, text }) => [path, text]));
  const packages = packagesOnlyIn(
    [...deleted.map(read), ...edits.map(({ removed }) => removed.join('\n'))],
    sources.map((path) => changed.get(path) ?? read(path)),
    JSON.parse(read('package.json')),
  );
  return { deleted, kept, edits, catalogs, packages };
}

/** The paths `git status --porcelain -z` names, both sides of a rename too. */
export function uncommittedPaths(status) {
  const paths = new Set();
  const fields = status.split('\0');
  for (let at = 0; at < fields.length; at += 1) {
    const entry = fields[at];
    if (entry.length < 4) continue;
    paths.add(entry.slice(3));
    if (/^[RC]|^.[RC]/.test(entry)) paths.add(fields[(at += 1)]);
  }
  return paths;
}
