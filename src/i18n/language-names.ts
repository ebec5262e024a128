import type { Language } from '../config/constants';

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  sk: 'Slovenčina',
  fr: 'Français',
  es: 'Español',
  'pt-br': 'Português (Brasil)',
  'zh-cn': '简体中文',
  he: 'עברית',
};
