import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageHeading } from '../../components/page-heading';
import { useT } from '../../i18n/use-t';
import { ApiFailure } from '../../lib/api-failure';
import { reportError } from '../../lib/notice-bus';

const ICON_SIZE = 20;
const Placeholder = () => (
  <span aria-hidden="true" className="inline-block shrink-0" style={{ width: ICON_SIZE, height: ICON_SIZE }} />
);
// Only this page shows a fetched icon: its code loads with it; without it (a stale deploy) the page shows no icon.
const Icon = lazy(() =>
  import('../../components/ui/fetched-icon').then(
    (module) => ({ default: module.Icon }),
    () => ({ default: Placeholder }),
  ),
);

export function reportRouteError(error: unknown): void {
  if (!(error instanceof ApiFailure)) reportError(error, 'Page failed');
}

export function RouteError({ reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageHeading className="text-2xl font-bold text-text">{t('snxt.errors.page.title')}</PageHeading>
      <p className="mt-4 text-muted">{t('snxt.errors.page.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2.5 font-semibold text-on-primary shadow-md hover:brightness-110"
        >
          <Suspense fallback={<Placeholder />}>
            <Icon name="home" size={ICON_SIZE} />
          </Suspense>
          {t('snxt.errors.page.home')}
        </Link>
        <button
          type="button"
          onClick={retry}
          className="rounded-full border border-border px-5 py-2.5 font-semibold text-text hover:bg-surface-raised"
        >
          {t('snxt.errors.page.retry')}
        </button>
      </div>
    </div>
  );
}
