import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';
import { format, resolveConfig } from 'prettier';
import { ROUTE_TREE } from '../../build/route-tree.mjs';

const I18N_DIR = 'public/assets/i18n';
export const AWAITING_TRANSLATION = 'src/i18n/awaiting-translation.json';

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const writeJson = (path, value) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
const sorted = (entries) => Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** English in every language file; the others keep it until translated, and are listed as waiting for that. */
export function addTexts(root, texts) {
  for (const file of readdirSync(join(root, I18N_DIR)).filter((name) => name.endsWith('.json'))) {
    const path = join(root, I18N_DIR, file);
    const catalog = readJson(path);
    const taken = Object.keys(texts).filter((key) => Object.hasOwn(catalog, key));
    if (taken.length > 0) throw new Error(`${file} has ${taken.join(', ')} already`);
    writeJson(path, sorted(Object.entries({ ...catalog, ...texts })));
  }
  const awaitingPath = join(root, AWAITING_TRANSLATION);
  writeJson(awaitingPath, [...new Set([...readJson(awaitingPath), ...Object.keys(texts)])].sort());
  return `${Object.keys(texts).length} text(s) in every language file; listed in ${AWAITING_TRANSLATION} for translators`;
}

export async function regenerateRouteTree(root) {
  await new Generator({ config: getConfig(ROUTE_TREE, root), root }).run();
  return `${ROUTE_TREE.generatedRouteTree} regenerated`;
}

/** As `npm run format` would leave them, so `npm test`'s formatting check passes at once. */
export async function formatFiles(root, files) {
  for (const file of files) {
    const path = join(root, file);
    const options = await resolveConfig(path);
    writeFileSync(path, await format(readFileSync(path, 'utf8'), { ...options, filepath: path }));
  }
  return `${files.length} file(s) formatted`;
}
