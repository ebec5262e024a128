import { useCallback } from 'react';
import { useIntl } from 'react-intl';

const NO_DATE = '—';

// Apart from use-t.ts: only lazily loaded pages format dates, so this stays out of the first load.
export function useFormatDateTime(): (date: Date | null) => string {
  const intl = useIntl();
  return useCallback(
    (date) =>
      date === null || Number.isNaN(date.getTime())
        ? NO_DATE
        : intl.formatDate(date, { dateStyle: 'long', timeStyle: 'short' }),
    [intl],
  );
}
