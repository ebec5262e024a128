import { env } from '../config/env';
import { useT } from './use-t';

/** The app's names as each language places them: `snxt.title.*` hold `{appName}` and `{shortName}`. */
export function useAppNames(): { long: string; short: string } {
  const t = useT();
  const names = { appName: env.appName, shortName: env.appShortName };
  return { long: t('snxt.title.long', names), short: t('snxt.title.short', names) };
}
