import { DEFAULT_LANGUAGE, DEFAULT_LOCALE, LANGUAGES, RTL_LANGUAGES, type Language } from '../config/constants';

export const LANGUAGE_INFO: Record<Language, { locale: string }> = {
  en: { locale: DEFAULT_LOCALE },
  de: { locale: 'de-DE' },
  sk: { locale: 'sk-SK' },
  fr: { locale: 'fr-FR' },
  es: { locale: 'es-ES' },
  'pt-br': { locale: 'pt-BR' },
  'zh-cn': { locale: 'zh-CN' },
  he: { locale: 'he-IL' },
};

export const languageCode = (language: Language): string => language.toUpperCase();

export const languageDirection = (language: Language): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';

export const htmlLang = (language: Language): string =>
  language.replace(/-([a-z]+)$/, (_, region: string) => `-${region.toUpperCase()}`);

const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = { pt: 'pt-br', zh: 'zh-cn', iw: 'he' };

/** By full tag (`pt-BR`) or primary subtag (`de-AT` → `de`, `zh-Hans` → `zh-cn`, `iw` → `he`). */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const lower = tag.trim().toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(lower)) return lower as Language;
    const primary = lower.split(/[-_]/)[0] ?? '';
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
    const alias = Object.hasOwn(LANGUAGE_ALIASES, primary) ? LANGUAGE_ALIASES[primary] : undefined;
    if (alias) return alias;
  }
  return DEFAULT_LANGUAGE;
}
