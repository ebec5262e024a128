// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addTexts, AWAITING_TRANSLATION } from './edits.mjs';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function repository(languages: string[]) {
  root = mkdtempSync(join(tmpdir(), 'snxt-edits-'));
  mkdirSync(join(root, 'public/assets/i18n'), { recursive: true });
  mkdirSync(join(root, 'src/i18n'), { recursive: true });
  for (const language of languages)
    writeFileSync(join(root, `public/assets/i18n/${language}.json`), '{"snxt.a.b": "x"}');
  writeFileSync(join(root, AWAITING_TRANSLATION), '["snxt.old.key"]');
}
const read = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

describe('addTexts', () => {
  it('writes English where no translation is given, and lists for translators only what some language lacks', () => {
    repository(['en', 'de', 'he', 'tlh']);
    const said = addTexts(
      root,
      { 'snxt.notes.title': 'Notes' },
      {
        'snxt.notes.fields.title': { en: 'Title', de: 'Titel', he: 'כותרת' },
        'snxt.notes.x': { en: 'X', de: 'X', he: 'X', tlh: 'X' },
      },
    );
    expect(read('public/assets/i18n/de.json')).toEqual({
      'snxt.a.b': 'x',
      'snxt.notes.fields.title': 'Titel',
      'snxt.notes.title': 'Notes',
      'snxt.notes.x': 'X',
    });
    expect(read('public/assets/i18n/tlh.json')).toMatchObject({ 'snxt.notes.fields.title': 'Title' });
    expect(read(AWAITING_TRANSLATION)).toEqual(['snxt.notes.fields.title', 'snxt.notes.title', 'snxt.old.key']);
    expect(said).toBe(`3 text(s) in every language file; 2 of them listed in ${AWAITING_TRANSLATION} for translators`);
  });

  it('writes nothing over a text a language file has', () => {
    repository(['en']);
    expect(() => addTexts(root, {}, { 'snxt.a.b': { en: 'y' } })).toThrow('en.json has snxt.a.b already');
    expect(read('public/assets/i18n/en.json')).toEqual({ 'snxt.a.b': 'x' });
  });
});
