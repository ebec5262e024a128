import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { ArrowForwardIcon } from '../../components/ui/icons';

const FEATURES = ['languages', 'themes', 'signIn', 'accessible'] as const;

export function HomePage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-16">
      <section className="route-animations-elements text-center" aria-labelledby="home-title">
        <h1
          id="home-title"
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight text-text outline-none sm:text-5xl"
        >
          {t('snxt.title.long')}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-muted">{t('snxt.home.description')}</p>
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
          <li
            key={feature}
            className="route-animations-elements rounded-2xl border border-border bg-surface p-6 shadow-sm"
          >
            <h2 className="text-lg font-semibold text-text">{t(`snxt.home.features.${feature}.title`)}</h2>
            <p className="mt-2 leading-relaxed text-muted">{t(`snxt.home.features.${feature}.text`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
