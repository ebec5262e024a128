import { useCallback } from 'react';
import { useIntl } from 'react-intl';

type Values = Parameters<ReturnType<typeof useIntl>['formatMessage']>[1];

/** `t('snxt.menu.settings')`: the text of a key in the language on screen. */
export function useT(): (id: string, values?: Values) => string {
  const intl = useIntl();
  return useCallback((id, values) => String(intl.formatMessage({ id }, values)), [intl]);
}

/** A date and time in the language on screen, e.g. "November 23, 2026 at 12:00 PM". */
export function useFormatDateTime(): (date: Date) => string {
  const intl = useIntl();
  return useCallback((date) => intl.formatDate(date, { dateStyle: 'long', timeStyle: 'short' }), [intl]);
}
