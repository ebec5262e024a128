import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it, vi } from 'vitest';
import { compileMessages, type CompiledMessages } from './compile-messages';
import { compilePlural } from './compile-plural';

/** As the ICU parser compiles it: a plural, left as text for the pages that say one, once they compile it. */
const asParsed = (compiled: CompiledMessages, id: string) => {
  const message = compiled[id];
  return typeof message === 'string' ? compilePlural(message) : message;
};

const LANGUAGES = ['en', 'de', 'sk', 'fr', 'es', 'pt-br', 'zh-cn', 'he'];
const translations = async (language: string) =>
  ((await import(`../../public/assets/i18n/${language}.json`)) as { default: Record<string, string> }).default;

const MESSAGES = {
  plain: 'Settings',
  empty: '',
  argument: 'Notifications ({hotkey})',
  spaced: '通知（{ hotkey }）and {count}',
  hash: 'Room #1 of {total}',
  apostrophes: "You don't have {name}'s access'",
  plural: '{count, plural, one {# item} other {# items}}',
  pluralInText: 'Delete {n, plural, one {# book} other {# books}} of {total}?',
  pluralExact: '{ n , plural , =0 {none} two {# of {total}} other {#, #}}',
  pluralQuoted: "{n, plural, other {'#' is #}}",
  quoted: "It''s '{not an argument}'",
  tag: 'Read <b>this</b>',
  select: '{who, select, me {I} other {they}}',
};

describe('compileMessages', () => {
  it('compiles every message exactly as the ICU parser does, simple ones without it', async () => {
    const compiled = await compileMessages(MESSAGES);
    for (const [id, text] of Object.entries(MESSAGES)) expect(asParsed(compiled, id), id).toEqual(parse(text));
    expect(compiled.plural).toBe(MESSAGES.plural);
  });

  it('compiles the app’s translations as the ICU parser does', async () => {
    for (const language of LANGUAGES) {
      const messages = await translations(language);
      const compiled = await compileMessages(messages);
      for (const [id, text] of Object.entries(messages)) {
        expect(asParsed(compiled, id), `${language} ${id}`).toEqual(parse(text));
      }
    }
  });

  it('loads no parser for the app’s translations: an apostrophe that quotes nothing is text', async () => {
    vi.resetModules();
    vi.doMock('@formatjs/icu-messageformat-parser', () => {
      throw new Error('the parser was loaded');
    });
    const { compileMessages: compileWithoutParser } = await import('./compile-messages');
    for (const language of LANGUAGES) await compileWithoutParser(await translations(language));
    vi.doUnmock('@formatjs/icu-messageformat-parser');
  });
});
