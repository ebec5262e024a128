import { isBuiltin } from 'node:module';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\s]+)\1/g;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for a relative, absolute, built-in or virtual one. */
export function packageOf(specifier) {
  if (/^[./]/.test(specifier) || specifier.includes(':') || isBuiltin(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return /^(@[\w.-]+\/)?[\w.-]+$/.test(name) ? name : null;
}

export function importedPackages(source) {
  const names = new Set();
  for (const [, , specifier = ''] of source.matchAll(SPECIFIER)) {
    const name = packageOf(specifier);
    if (name) names.add(name);
  }
  return names;
}

/** As a quoted module specifier: `'zod'`, `"@a/b/c"`. */
export const namesPackage = (text, name) => new RegExp(`(['"])${escape(name)}(/[^'"\\s]*)?\\1`).test(text);

/** The manifest's dependencies, of any kind, that the removed code imported and no remaining text names. */
export function packagesOnlyIn(removedSources, remainingTexts, manifest) {
  const declared = new Set(
    ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) =>
      Object.keys(manifest[field] ?? {}),
    ),
  );
  const imported = new Set(removedSources.flatMap((source) => [...importedPackages(source)]));
  return [...imported]
    .filter((name) => declared.has(name) && !remainingTexts.some((text) => namesPackage(text, name)))
    .sort();
}
