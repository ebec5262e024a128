import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useIntl } from 'react-intl';
import { LANGUAGES, THEMES, type Theme } from '../../config/constants';
import { SelectField } from '../../components/ui/select-field';
import { SwitchField } from '../../components/ui/switch';
import { useReducedMotion } from '../../components/use-reduced-motion';
import { LANGUAGE_INFO } from '../../i18n/languages';
import { settings } from '../../state/app-state';
import { AnimationIcon, NightIcon, PaletteIcon, TuneIcon } from './section-icons';

const THEME_LABEL_KEYS: Record<Theme, string> = {
  'DEFAULT-THEME': 'snxt.settings.themes.default',
  'LIGHT-THEME': 'snxt.settings.themes.light',
  'NATURE-THEME': 'snxt.settings.themes.nature',
  'BLACK-THEME': 'snxt.settings.themes.black',
};

const LANGUAGE_OPTIONS = LANGUAGES.map((code) => ({
  value: code,
  label: LANGUAGE_INFO[code].nativeName,
  lang: LANGUAGE_INFO[code].locale,
}));

interface SectionProps {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
}

function Section({ title, icon: Icon, children }: SectionProps) {
  return (
    <section className="route-animations-elements rounded-2xl border border-border bg-surface px-5 pt-4 pb-1.5 shadow-sm">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-primary uppercase">
        <Icon className="shrink-0" />
        {title}
      </h2>
      <div className="divide-y divide-border">{children}</div>
    </section>
  );
}

export function SettingsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const reducedMotion = useReducedMotion();
  const state = settings.state.value;
  const themeOptions = THEMES.map((theme) => ({ value: theme, label: t(THEME_LABEL_KEYS[theme]) }));

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <div className="route-animations-elements mb-6">
        <h1 tabIndex={-1} className="text-3xl font-bold text-text outline-none">
          {t('snxt.menu.settings')}
        </h1>
        <p className="mt-2 text-muted">{t('snxt.settings.intro')}</p>
      </div>
      <div className="flex flex-col gap-6">
        <Section title={t('snxt.settings.general')} icon={TuneIcon}>
          <SelectField
            label={t('snxt.settings.language')}
            value={state.language}
            options={LANGUAGE_OPTIONS}
            onChange={settings.changeLanguage}
          />
          <SwitchField
            label={t('snxt.settings.stickyHeader')}
            description={t('snxt.settings.stickyHeader.description')}
            checked={state.stickyHeader}
            onCheckedChange={settings.changeStickyHeader}
          />
        </Section>
        <Section title={t('snxt.settings.themes.title')} icon={PaletteIcon}>
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
              label={
                <span className="inline-flex items-center gap-2">
                  <NightIcon className="shrink-0 text-muted" />
                  {t('snxt.settings.nightTheme')}
                </span>
              }
              value={state.nightTheme}
              options={themeOptions}
              onChange={settings.changeNightTheme}
            />
          )}
        </Section>
        <Section title={t('snxt.settings.animations.title')} icon={AnimationIcon}>
          {reducedMotion && (
            <p role="note" className="my-2 rounded-lg bg-surface-raised px-3 py-2 text-sm text-muted">
              {t('snxt.settings.animations.reducedMotion')}
            </p>
          )}
          <SwitchField
            label={t('snxt.settings.animations.page')}
            description={t('snxt.settings.animations.page.description')}
            checked={state.pageAnimations}
            disabledReason={state.pageAnimationsDisabled ? t('snxt.settings.animations.pageDisabled') : undefined}
            onCheckedChange={settings.changePageAnimations}
          />
          <SwitchField
            label={t('snxt.settings.animations.elements')}
            description={t('snxt.settings.animations.elements.description')}
            checked={state.elementsAnimations}
            onCheckedChange={settings.changeElementsAnimations}
          />
        </Section>
      </div>
    </div>
  );
}
