import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { formatCompiled } from './compile-plural';

type Values = Record<string, string | number>;

/** useT for pages that say a plural ("Delete {n, plural, …}?"), which the first load leaves uncompiled. */
export function usePluralT(): (id: string, values?: Values) => string {
  const intl = useIntl();
  return useCallback(
    (id, values) => {
      const message: unknown = intl.messages[id];
      return typeof message === 'string'
        ? formatCompiled(intl.locale, message, values)
        : String(intl.formatMessage({ id }, values));
    },
    [intl],
  );
}
