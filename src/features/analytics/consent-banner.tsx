import { useId, useRef } from 'react';
import { useT } from '../../i18n/use-t';
import { chooseAnalytics, useConsent } from './consent';
import type { ConsentChoice } from './consent-model';

// Both choices look the same: neither is the easier one to take.
const BUTTON =
  'min-w-0 flex-1 rounded-full bg-primary px-5 py-2.5 text-sm font-semibold text-on-primary shadow-md hover:brightness-110 sm:flex-none';

/** In the page's flow at its end, sticking to the bottom of the viewport: never over the toolbar, nor over the footer for good. */
export function ConsentBanner() {
  const t = useT();
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const { known, analytics } = useConsent();
  const choose = (choice: ConsentChoice) => {
    // The banner leaves with the choice; a keyboard user goes on from the page rather than from nowhere.
    const hadFocus = ref.current?.contains(document.activeElement);
    chooseAnalytics(choice);
    if (hadFocus) document.getElementById('main-content')?.focus();
  };
  if (!known || analytics) return null;
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      className="sticky bottom-0 z-20 border-t border-border bg-surface text-text shadow-[0_-4px_16px_rgb(0_0_0/0.15)]"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <h2 id={headingId} className="sr-only">
          {t('snxt.consent.title')}
        </h2>
        <p className="min-w-0 flex-[1_1_16rem] text-sm">{t('snxt.consent.text')}</p>
        <div className="flex w-full gap-3 sm:w-auto">
          <button type="button" className={BUTTON} onClick={() => choose('granted')}>
            {t('snxt.consent.accept')}
          </button>
          <button type="button" className={BUTTON} onClick={() => choose('denied')}>
            {t('snxt.consent.reject')}
          </button>
        </div>
      </div>
    </section>
  );
}
