import { Link } from '@tanstack/react-router';
import { PageHeading } from '../../components/page-heading';
import { ROUTE_ANIMATED } from '../../components/route-animated';
import { useT } from '../../i18n/use-t';

export function NoAccess() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-16 text-center">
      <PageHeading className="text-2xl font-bold text-text">{t('snxt.access.title')}</PageHeading>
      <p className={`${ROUTE_ANIMATED} text-lg text-muted`}>{t('snxt.access.text')}</p>
      <Link
        to="/"
        className={`${ROUTE_ANIMATED} inline-flex items-center gap-2 rounded-full bg-primary px-6 py-3 font-semibold text-on-primary shadow-md hover:brightness-110`}
      >
        {t('snxt.access.home')}
      </Link>
    </div>
  );
}
