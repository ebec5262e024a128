import { DEFAULT_LANGUAGE, DEFAULT_LOCALE, LANGUAGES, RTL_LANGUAGES, type Language } from '../config/constants';

export interface LanguageInfo {
  code: string;
  nativeName: string;
  locale: string;
}

export const LANGUAGE_INFO: Record<Language, LanguageInfo> = {
  en: { code: 'EN', nativeName: 'English', locale: DEFAULT_LOCALE },
  de: { code: 'DE', nativeName: 'Deutsch', locale: 'de-DE' },
  sk: { code: 'SK', nativeName: 'Slovenčina', locale: 'sk-SK' },
  fr: { code: 'FR', nativeName: 'Français', locale: 'fr-FR' },
  es: { code: 'ES', nativeName: 'Español', locale: 'es-ES' },
  'pt-br': { code: 'PT-BR', nativeName: 'Português (Brasil)', locale: 'pt-BR' },
  'zh-cn': { code: 'ZH-CN', nativeName: '简体中文', locale: 'zh-CN' },
  he: { code: 'HE', nativeName: 'עברית', locale: 'he-IL' },
};

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
