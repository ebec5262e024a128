import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LANGUAGES, THEMES, type Theme } from '../../config/constants';
import { SelectField } from '../../components/ui/select-field';
import { SwitchField } from '../../components/ui/switch';
import { LANGUAGE_INFO } from '../../i18n/languages';
import { settings } from '../../state/app-state';

const THEME_LABEL_KEYS: Record<Theme, string> = {
  'DEFAULT-THEME': 'snxt.settings.themes.default',
  'LIGHT-THEME': 'snxt.settings.themes.light',
  'NATURE-THEME': 'snxt.settings.themes.nature',
  'BLACK-THEME': 'snxt.settings.themes.black',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="route-animations-elements rounded-2xl border border-border bg-surface px-5 py-2 shadow-sm">
      <h2 className="pt-3 pb-1 text-sm font-semibold tracking-wide text-primary uppercase">{title}</h2>
      <div className="divide-y divide-border">{children}</div>
    </section>
  );
}

export function SettingsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const state = settings.state.value;
  const themeOptions = THEMES.map((theme) => ({ value: theme, label: t(THEME_LABEL_KEYS[theme]) }));

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 tabIndex={-1} className="route-animations-elements mb-6 text-3xl font-bold text-text outline-none">
        {t('snxt.menu.settings')}
      </h1>
      <div className="flex flex-col gap-6">
        <Section title={t('snxt.settings.general')}>
          <SelectField
            label={t('snxt.settings.language')}
            value={state.language}
            options={LANGUAGES.map((code) => ({
              value: code,
              label: LANGUAGE_INFO[code].nativeName,
              lang: LANGUAGE_INFO[code].locale,
            }))}
            onChange={settings.changeLanguage}
          />
          <SwitchField
            label={t('snxt.settings.stickyHeader')}
            checked={state.stickyHeader}
            onCheckedChange={settings.changeStickyHeader}
          />
        </Section>
        <Section title={t('snxt.settings.themes.title')}>
          <SelectField
            label={t('snxt.settings.theme')}
            value={state.theme}
            options={themeOptions}
            onChange={settings.changeTheme}
          />
          <SwitchField
            label={t('snxt.settings.autoNightMode')}
            description={t('snxt.settings.autoNightMode.description')}
            checked={state.autoNightMode}
            onCheckedChange={settings.changeAutoNightMode}
          />
          {state.autoNightMode && (
            <SelectField
              label={t('snxt.settings.nightTheme')}
              value={state.nightTheme}
              options={themeOptions}
              onChange={settings.changeNightTheme}
            />
          )}
        </Section>
        <Section title={t('snxt.settings.animations.title')}>
          <SwitchField
            label={t('snxt.settings.animations.page')}
            checked={state.pageAnimations}
            disabledReason={state.pageAnimationsDisabled ? t('snxt.settings.animations.pageDisabled') : undefined}
            onCheckedChange={settings.changePageAnimations}
          />
          <SwitchField
            label={t('snxt.settings.animations.elements')}
            checked={state.elementsAnimations}
            onCheckedChange={settings.changeElementsAnimations}
          />
        </Section>
      </div>
    </div>
  );
}
