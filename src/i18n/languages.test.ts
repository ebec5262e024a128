import { describe, expect, it } from 'vitest';
import { htmlLang, languageCode, languageDirection, preferredLanguage } from './languages';

describe('the language of a first visit', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['de-AT'], 'de'],
    [['en-GB'], 'en'],
    [['fr-CA', 'de'], 'fr'],
    [['es-419'], 'es'],
    [['sk'], 'sk'],
    [['SK-sk'], 'sk'],
    [['pt-BR'], 'pt-br'],
    [['pt'], 'pt-br'],
    [['pt-PT'], 'pt-br'],
    [['zh'], 'zh-cn'],
    [['zh-CN'], 'zh-cn'],
    [['zh-Hans'], 'zh-cn'],
    [['zh-Hans-CN'], 'zh-cn'],
    [['he-IL'], 'he'],
    [['iw'], 'he'],
    [['iw-IL'], 'he'],
    [['ja', 'ko', 'it-IT', 'pt-BR'], 'pt-br'],
    [['ja'], 'en'],
    [[], 'en'],
    [['', '   ', '-', '__proto__', 'constructor', 'toString'], 'en'],
  ] as const)('%j → %s', (tags, language) => {
    expect(preferredLanguage(tags)).toBe(language);
  });

  it('survives values that are not strings', () => {
    expect(preferredLanguage([42, null, 'de'] as unknown as string[])).toBe('de');
  });
});

describe('a language code', () => {
  it('is the value in capitals, as the toolbar and the palette show it', () => {
    expect((['en', 'pt-br', 'zh-cn', 'he'] as const).map(languageCode)).toEqual(['EN', 'PT-BR', 'ZH-CN', 'HE']);
  });
});

describe('document language', () => {
  it('writes regional tags in their usual case and Hebrew right to left', () => {
    expect(htmlLang('pt-br')).toBe('pt-BR');
    expect(htmlLang('zh-cn')).toBe('zh-CN');
    expect(languageDirection('he')).toBe('rtl');
    expect(languageDirection('de')).toBe('ltr');
  });
});
