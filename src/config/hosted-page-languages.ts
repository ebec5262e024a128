import type { Language } from './constants';

// Apart from constants.ts: only the sign-in chunk reads them, so they stay out of the first load.
export const UI_LOCALE_TAGS: Record<Language, string> = {
  en: 'en',
  de: 'de',
  sk: 'sk',
  fr: 'fr',
  es: 'es',
  'pt-br': 'pt-BR',
  'zh-cn': 'zh-CN',
  he: 'he',
};
export const COGNITO_LOGIN_LANGS: Partial<Record<Language, string>> = {
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
  'pt-br': 'pt-BR',
  'zh-cn': 'zh-CN',
};
