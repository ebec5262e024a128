import { SwitchField } from '../../components/ui/switch';
import { useT } from '../../i18n/use-t';
import { chooseAnalytics, useConsent } from './consent';

export function AnalyticsConsentSwitch() {
  const t = useT();
  const { analytics } = useConsent();
  return (
    <SwitchField
      label={t('snxt.settings.analyticsCookies')}
      description={t('snxt.settings.analyticsCookies.description')}
      checked={analytics === 'granted'}
      onCheckedChange={(checked) => chooseAnalytics(checked ? 'granted' : 'denied')}
    />
  );
}
