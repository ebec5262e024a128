import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * What a page shows when it cannot render, e.g. its chunk is gone and the one reload that
 * stale-chunk recovery allows did not bring it back: a plain message and a way to retry.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const intl = useIntl();
  useEffect(() => console.error('Page failed to load', error), [error]);
  return (
    <div role="alert" className="mx-auto max-w-2xl px-4 py-12 text-center">
      <h1 tabIndex={-1} className="text-2xl font-bold text-text outline-none">
        {intl.formatMessage({ id: 'snxt.error.page.title' })}
      </h1>
      <p className="mt-3 text-muted">{intl.formatMessage({ id: 'snxt.error.page.text' })}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-full bg-primary px-6 py-3 font-semibold text-on-primary shadow-md hover:brightness-110"
      >
        {intl.formatMessage({ id: 'snxt.error.page.reload' })}
      </button>
    </div>
  );
}
