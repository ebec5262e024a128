// @vitest-environment node
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../config/constants';

type Catalog = Record<string, string>;

const I18N_DIR = fileURLToPath(new URL('../../public/assets/i18n/', import.meta.url));
const readCatalog = (language: string): Catalog =>
  JSON.parse(readFileSync(`${I18N_DIR}${language}.json`, 'utf8')) as Catalog;

/** Texts `npm run new` added in English to every language file, until a translator takes them (and the entry). */
const AWAITING_TRANSLATION = new Set(
  JSON.parse(readFileSync(new URL('./awaiting-translation.json', import.meta.url), 'utf8')) as string[],
);
/** Brand names stay as they are in every language. */
const BRAND_KEYS = new Set(['snxt.title.short', 'snxt.title.long']);
/** Texts that are spelled the same as in English because the word is the same in that language. */
const SAME_AS_ENGLISH: Partial<Record<Language, string[]>> = {
  de: ['snxt.profile.name', 'snxt.palette.choice'],
  sk: ['snxt.palette.choice'],
  he: ['snxt.palette.choice'],
  fr: [
    'snxt.menu.drawer',
    'snxt.notifications.label',
    'snxt.notifications.region',
    'snxt.palette.pages',
    'snxt.settings.animations.title',
    'snxt.settings.themes.nature',
    'snxt.data.pagination',
  ],
  es: ['snxt.settings.general', 'snxt.palette.choice'],
  'pt-br': ['snxt.menu.drawer', 'snxt.palette.choice'],
};
// example: books {
const BOOKS_SAME_AS_ENGLISH: Partial<Record<Language, string[]>> = {
  de: ['snxt.books.fields.isbn'],
  sk: ['snxt.books.fields.isbn'],
  fr: ['snxt.books.fields.isbn', 'snxt.books.fields.description'],
  es: ['snxt.books.fields.isbn'],
  'pt-br': ['snxt.books.fields.isbn'],
  'zh-cn': ['snxt.books.fields.isbn'],
};
// example: books }

/** Argument names with their kind (`count:plural`, `<b>`): what a translation must keep. */
function placeholders(text: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        found.add(`<${element.value}>`);
        walk(element.children);
        continue;
      }
      found.add(`${element.value}:${TYPE[element.type]}`);
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        Object.values(element.options).forEach((option) => walk(option.value));
      }
    }
  };
  walk(parse(text));
  return [...found].sort();
}

/** Everything wrong with one translation compared with English; empty when it is complete. */
function catalogProblems(english: Catalog, other: Catalog, language: Language): string[] {
  const problems: string[] = [];
  const allowedSame = new Set([...BRAND_KEYS, ...AWAITING_TRANSLATION, ...(SAME_AS_ENGLISH[language] ?? [])]);
  for (const key of BOOKS_SAME_AS_ENGLISH[language] ?? []) allowedSame.add(key); // example: books
  for (const [key, englishText] of Object.entries(english)) {
    const text = other[key];
    if (typeof text !== 'string') problems.push(`${language}: missing ${key}`);
    else if (text.trim() === '') problems.push(`${language}: empty ${key}`);
    else if (text === englishText && !allowedSame.has(key)) problems.push(`${language}: ${key} is still English`);
    else {
      let theirs: string[];
      try {
        theirs = placeholders(text);
      } catch (error) {
        problems.push(`${language}: ${key} is not a valid ICU message (${String(error)})`);
        continue;
      }
      const ours = placeholders(englishText);
      if (theirs.join() !== ours.join()) {
        problems.push(`${language}: ${key} has placeholders [${theirs.join()}], English has [${ours.join()}]`);
      }
    }
  }
  for (const key of Object.keys(other)) {
    if (!(key in english)) problems.push(`${language}: extra key ${key}`);
  }
  return problems;
}

/** The words a message shows, without its ICU syntax (`{n, plural, one {…}}`), which has its own commas. */
function shownText(text: string): string {
  const walk = (elements: MessageFormatElement[]): string =>
    elements
      .map((element) => {
        if (element.type === TYPE.literal) return element.value;
        if (element.type === TYPE.tag) return walk(element.children);
        if (element.type === TYPE.select || element.type === TYPE.plural) {
          return Object.values(element.options)
            .map((option) => walk(option.value))
            .join(' ');
        }
        return ' ';
      })
      .join('');
  return walk(parse(text));
}

/** House typography: curly quotes and ellipsis everywhere, French spacing, Chinese full-width marks. */
function typographyProblems(catalog: Catalog, language: Language): string[] {
  const problems: string[] = [];
  for (const [key, message] of Object.entries(catalog)) {
    if (language !== DEFAULT_LANGUAGE && AWAITING_TRANSLATION.has(key)) continue;
    const text = shownText(message);
    if (/["']|\.\.\./.test(text)) problems.push(`${language}: ${key} uses straight quotes or "..."`);
    if (language === 'fr' && /(?<![\u00a0\u202f])[:;!?]/.test(text)) {
      problems.push(`${language}: ${key} needs a non-breaking space before : ; ! ?`);
    }
    if (language === 'zh-cn' && /[,;!?()]|[\u4e00-\u9fff][.:]/.test(text)) {
      problems.push(`${language}: ${key} uses half-width punctuation`);
    }
  }
  return problems;
}

const english = readCatalog(DEFAULT_LANGUAGE);
const translated = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

describe('translation files', () => {
  it('has exactly one file per language', () => {
    const files = readdirSync(I18N_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
  });

  it('names every English key by place (snxt.<area>.<thing>)', () => {
    expect(Object.keys(english).filter((key) => !/^snxt\.[a-z0-9]+(\.[a-zA-Z0-9]+)+$/.test(key))).toEqual([]);
  });

  it.each(translated)('%s has every key, no extra key, a real translation and the same placeholders', (language) => {
    expect(catalogProblems(english, readCatalog(language), language)).toEqual([]);
  });

  it.each(translated)('%s follows its typography', (language) => {
    expect(typographyProblems(readCatalog(language), language)).toEqual([]);
  });
});

describe('texts awaiting translation (awaiting-translation.json)', () => {
  const stillEnglish = (key: string) => translated.filter((language) => readCatalog(language)[key] === english[key]);

  it('lists English keys that some language still shows in English', () => {
    const stale = [...AWAITING_TRANSLATION].filter((key) => !(key in english) || stillEnglish(key).length === 0);
    expect(stale, 'translated everywhere or gone: take them off the list').toEqual([]);
  });

  for (const key of AWAITING_TRANSLATION) {
    it.todo(`translate ${key} (“${english[key]}”) into ${stillEnglish(key).join(', ')}`);
  }
});

describe('the parity check itself', () => {
  const base: Catalog = {
    'snxt.a.greeting': 'Hello {name}',
    'snxt.a.count': '{count, plural, one {# item} other {# items}}',
    'snxt.title.short': 'Snxt',
  };
  const good: Catalog = {
    'snxt.a.greeting': 'Hallo {name}',
    'snxt.a.count': '{count, plural, one {# Eintrag} other {# Einträge}}',
    'snxt.title.short': 'Snxt',
  };

  it('passes a complete translation', () => {
    expect(catalogProblems(base, good, 'de')).toEqual([]);
  });

  it('finds a missing key, an extra key and an English copy', () => {
    const missing = { ...good };
    delete missing['snxt.a.greeting'];
    expect(catalogProblems(base, missing, 'de')).toEqual(['de: missing snxt.a.greeting']);
    expect(catalogProblems(base, { ...good, 'snxt.a.extra': 'Extra' }, 'de')).toEqual(['de: extra key snxt.a.extra']);
    expect(catalogProblems(base, { ...good, 'snxt.a.greeting': 'Hello {name}' }, 'de')).toEqual([
      'de: snxt.a.greeting is still English',
    ]);
  });

  it('finds a renamed, dropped or broken placeholder', () => {
    expect(catalogProblems(base, { ...good, 'snxt.a.greeting': 'Hallo {nom}' }, 'de')).toHaveLength(1);
    expect(catalogProblems(base, { ...good, 'snxt.a.count': 'Einträge' }, 'de')).toHaveLength(1);
    expect(catalogProblems(base, { ...good, 'snxt.a.greeting': 'Hallo {name' }, 'de')[0]).toMatch(/not a valid ICU/);
  });

  it('finds French punctuation without its space and Chinese half-width marks', () => {
    expect(typographyProblems({ k: 'Erreur : fichier' }, 'fr')).toHaveLength(1);
    expect(typographyProblems({ k: 'Erreur\u00a0: fichier' }, 'fr')).toEqual([]);
    expect(typographyProblems({ k: '无法加载,请重试' }, 'zh-cn')).toHaveLength(1);
    expect(typographyProblems({ k: '{n, plural, other {已删除 # 本书。}}' }, 'zh-cn')).toEqual([]);
    expect(typographyProblems({ k: '{n, plural, other {# livres supprimés ?}}' }, 'fr')).toHaveLength(1);
    expect(typographyProblems({ k: 'Er sagte "ja"' }, 'de')).toHaveLength(1);
  });
});
