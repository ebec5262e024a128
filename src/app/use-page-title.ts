import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { env } from '../config/env';

/** The title key of the deepest matched route that has one. */
export function useRouteTitleKey(): string | undefined {
  return useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.titleKey)?.staticData.titleKey,
  });
}

export function formatPageTitle(routeTitle: string | undefined, appName: string): string {
  return routeTitle ? `${routeTitle} - ${appName}` : appName;
}

/** "Settings - Starter Next"; the app name alone for routes without a title (SPEC §3). */
export function usePageTitle(titleKey: string | undefined) {
  const intl = useIntl();
  const title = formatPageTitle(titleKey && intl.formatMessage({ id: titleKey }), env.appName);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
