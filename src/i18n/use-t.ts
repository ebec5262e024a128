import { useCallback } from 'react';
import { useIntl } from 'react-intl';

type Values = Parameters<ReturnType<typeof useIntl>['formatMessage']>[1];

export function useT(): (id: string, values?: Values) => string {
  const intl = useIntl();
  return useCallback((id, values) => String(intl.formatMessage({ id }, values)), [intl]);
}
