import { useIntl } from 'react-intl';
import { LANGUAGES } from '../config/constants';
import { LANGUAGE_INFO } from '../i18n/languages';
import { settings } from '../state/app-state';

/** Toolbar language selector: upper-case codes, accessible name "Language" (SPEC §4). */
export function LanguageSelect() {
  const intl = useIntl();
  const language = settings.state.value.language;
  return (
    <select
      aria-label={intl.formatMessage({ id: 'snxt.settings.language' })}
      value={language}
      onChange={(event) => settings.changeLanguage(event.target.value as (typeof LANGUAGES)[number])}
      className="h-10 cursor-pointer rounded-md border border-on-toolbar/30 bg-toolbar px-2 text-sm font-semibold text-on-toolbar hover:bg-on-toolbar/10 focus-visible:outline-toolbar-focus"
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={LANGUAGE_INFO[code].locale}>
          {LANGUAGE_INFO[code].code}
        </option>
      ))}
    </select>
  );
}
