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

/**
 * English in every language file; the others keep it until translated, and are listed as waiting for that. A text of
 * `translated` (its key, then each language's) goes in as translated where a language has it.
 */
export function addTexts(root, texts, translated = {}) {
  const waiting = new Set(Object.keys(texts));
  const all = {
    ...texts,
    ...Object.fromEntries(Object.entries(translated).map(([key, byLanguage]) => [key, byLanguage.en])),
  };
  for (const file of readdirSync(join(root, I18N_DIR)).filter((name) => name.endsWith('.json'))) {
    const path = join(root, I18N_DIR, file);
    const language = file.slice(0, -'.json'.length);
    const catalog = readJson(path);
    const taken = Object.keys(all).filter((key) => Object.hasOwn(catalog, key));
    if (taken.length > 0) throw new Error(`${file} has ${taken.join(', ')} already`);
    const entries = Object.entries(all).map(([key, english]) => {
      const own = Object.hasOwn(translated, key) && Object.hasOwn(translated[key], language);
      if (!own) waiting.add(key);
      return [key, own ? translated[key][language] : english];
    });
    writeJson(path, sorted([...Object.entries(catalog), ...entries]));
  }
  const awaitingPath = join(root, AWAITING_TRANSLATION);
  writeJson(awaitingPath, [...new Set([...readJson(awaitingPath), ...waiting])].sort());
  const count = Object.keys(all).length;
  const listed = waiting.size === count ? 'listed' : `${waiting.size} of them listed`;
  return `${count} text(s) in every language file; ${listed} in ${AWAITING_TRANSLATION} for translators`;
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
