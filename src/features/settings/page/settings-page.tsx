import type { ComponentType, ReactNode, SVGProps } from 'react';
import { PageHeading } from '../../../components/page-heading';
import { ROUTE_ANIMATED } from '../../../components/route-animated';
import { SelectField } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch';
import { useReducedMotion } from '../../../components/use-reduced-motion';
import { useT } from '../../../i18n/use-t';
import { settings } from '../settings-model';
import type { SettingName, SettingsState } from '../settings-fields';
import { useSettings } from '../use-settings';
import { AnalyticsConsentSwitch } from '../../analytics';
import { AnimationIcon, NightIcon, PaletteIcon, PrivacyIcon, TuneIcon } from './section-icons';
import { SETTING_CONTROLS, type SettingsSection } from './setting-controls';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const SECTIONS: readonly { id: SettingsSection; titleKey: string; icon: Icon }[] = [
  { id: 'general', titleKey: 'snxt.settings.general', icon: TuneIcon },
  { id: 'themes', titleKey: 'snxt.settings.themes.title', icon: PaletteIcon },
  { id: 'animations', titleKey: 'snxt.settings.animations.title', icon: AnimationIcon },
];

const FIELD_ICONS: Partial<Record<SettingName, Icon>> = { nightTheme: NightIcon };

const SHOWN_SETTINGS = Object.keys(SETTING_CONTROLS) as SettingName[];

function SettingRow({ name, state }: { name: SettingName; state: SettingsState }) {
  const t = useT();
  const control = SETTING_CONTROLS[name];
  if (!control) return null;
  if (control.shownWhen && state[control.shownWhen] !== true) return null;
  const Icon = FIELD_ICONS[name];
  const label = Icon ? (
    <span className="inline-flex items-center gap-2">
      <Icon className="shrink-0 text-muted" />
      {t(control.labelKey)}
    </span>
  ) : (
    t(control.labelKey)
  );
  const description = control.descriptionKey && t(control.descriptionKey);
  const change = settings().change[name] as (value: unknown) => boolean;

  if (control.kind === 'switch') {
    const { disabledWhen } = control;
    const disabled = disabledWhen && state[disabledWhen.field] === true;
    return (
      <SwitchField
        label={label}
        description={description}
        checked={state[name] === true}
        disabledReason={disabled ? t(disabledWhen.reasonKey) : undefined}
        onCheckedChange={change}
      />
    );
  }
  const options = control.options.map((option) =>
    'labelKey' in option ? { value: option.value, label: t(option.labelKey) } : option,
  );
  return (
    <SelectField
      label={label}
      description={description}
      value={String(state[name])}
      options={options}
      onChange={change}
    />
  );
}

function SectionCard({
  id,
  title,
  icon: SectionIcon,
  children,
}: {
  id: string;
  title: string;
  icon: Icon;
  children: ReactNode;
}) {
  return (
    <section className={`${ROUTE_ANIMATED} rounded-2xl border border-border bg-surface px-5 pt-4 pb-1.5 shadow-sm`}>
      <h2
        id={`settings-${id}`}
        className="flex items-center gap-2 text-sm font-semibold tracking-wide text-primary uppercase"
      >
        <SectionIcon className="shrink-0" />
        {title}
      </h2>
      <div role="group" aria-labelledby={`settings-${id}`} className="divide-y divide-border">
        {children}
      </div>
    </section>
  );
}

export function SettingsPage() {
  const t = useT();
  const reducedMotion = useReducedMotion();
  const state = useSettings();

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <div className={`${ROUTE_ANIMATED} mb-6`}>
        <PageHeading className="text-3xl font-bold text-text">{t('snxt.menu.settings')}</PageHeading>
        <p className="mt-2 text-muted">{t('snxt.settings.intro')}</p>
      </div>
      <div className="flex flex-col gap-6">
        {SECTIONS.map(({ id, titleKey, icon }) => (
          <SectionCard key={id} id={id} title={t(titleKey)} icon={icon}>
            {id === 'animations' && reducedMotion && (
              <p role="note" className="my-2 rounded-lg bg-surface-raised px-3 py-2 text-sm text-muted">
                {t('snxt.settings.animations.reducedMotion')}
              </p>
            )}
            {SHOWN_SETTINGS.filter((name) => SETTING_CONTROLS[name]?.section === id).map((name) => (
              <SettingRow key={name} name={name} state={state} />
            ))}
          </SectionCard>
        ))}
        {__GA_MEASUREMENT_ID__ && (
          <SectionCard id="privacy" title={t('snxt.settings.privacy')} icon={PrivacyIcon}>
            <AnalyticsConsentSwitch />
          </SectionCard>
        )}
      </div>
    </div>
  );
}
