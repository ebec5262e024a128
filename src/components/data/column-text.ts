import { useCallback } from 'react';
import { useFormatDateTime } from '../../i18n/use-format-date-time';
import { parseApiDate } from '../../lib/api-date';
import type { Column } from '../../lib/resources/resource';

/** A cell's text as the table shows it and the CSV writes it: a date in the language on screen, a year as 1999. */
export function useColumnText<T>(): (column: Column<T>, record: T) => string {
  const formatDate = useFormatDateTime();
  return useCallback(
    (column, record) => {
      const value = record[column.key];
      if (column.kind === 'date') return formatDate(parseApiDate(value));
      return value === null || value === undefined ? '' : String(value);
    },
    [formatDate],
  );
}
