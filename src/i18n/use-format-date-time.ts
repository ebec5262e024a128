import { useCallback } from 'react';
import { useIntl } from 'react-intl';

// Apart from use-t.ts: only lazily loaded pages format dates, so this stays out of the first load.
export function useFormatDateTime(): (date: Date) => string {
  const intl = useIntl();
  return useCallback((date) => intl.formatDate(date, { dateStyle: 'long', timeStyle: 'short' }), [intl]);
}
