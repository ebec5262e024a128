import { LANGUAGES, type Language } from '../../../config/constants';
import { LANGUAGE_INFO, languageCode } from '../../../i18n/languages';
import { useT } from '../../../i18n/use-t';
import { settings } from '../settings-model';
import { useSettings } from '../use-settings';

export function LanguageSelect() {
  const t = useT();
  const { language } = useSettings();
  return (
    <select
      aria-label={t('snxt.settings.language')}
      value={language}
      onChange={(event) => settings().change.language(event.target.value as Language)}
      className="h-[40px] cursor-pointer rounded-md border border-on-toolbar/30 bg-toolbar px-2 text-sm font-semibold text-on-toolbar hover:bg-on-toolbar/10 focus-visible:outline-toolbar-focus"
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={LANGUAGE_INFO[code].locale}>
          {languageCode(code)}
        </option>
      ))}
    </select>
  );
}
