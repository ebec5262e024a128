import { Link } from '@tanstack/react-router';
import { PageHeading } from '../../components/page-heading';
import { ROUTE_ANIMATED } from '../../components/route-animated';
import { ArrowForwardIcon } from '../../components/ui/svg-icons';
import { useAppNames } from '../../i18n/use-app-names';
import { useT } from '../../i18n/use-t';

const FEATURES = ['languages', 'themes', 'signIn', 'accessible'] as const;

export function HomePage() {
  const t = useT();
  const { long, short } = useAppNames();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-16">
      <section className={`${ROUTE_ANIMATED} text-center`} aria-labelledby="home-title">
        <PageHeading id="home-title" className="text-3xl font-bold tracking-tight text-text sm:text-5xl">
          {long}
        </PageHeading>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-muted">
          {t('snxt.home.description', { shortName: short })}
        </p>
        <Link
          to="/settings"
          className="mt-8 inline-flex items-center gap-2 rounded-full bg-primary px-6 py-3 font-semibold text-on-primary shadow-md transition hover:shadow-lg hover:brightness-110"
        >
          {t('snxt.home.toSettings')}
          <ArrowForwardIcon width={20} height={20} />
        </Link>
      </section>
      <ul className="mt-14 grid gap-4 sm:grid-cols-2">
        {FEATURES.map((feature) => (
          <li key={feature} className={`${ROUTE_ANIMATED} rounded-2xl border border-border bg-surface p-6 shadow-sm`}>
            <h2 className="text-lg font-semibold text-text">{t(`snxt.home.features.${feature}.title`)}</h2>
            <p className="mt-2 leading-relaxed text-muted">{t(`snxt.home.features.${feature}.text`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
