import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

// Analytics builds only, a chunk of its own; after hydration, so the prerendered page holds no boundary for it.
const ConsentBanner = __GA_MEASUREMENT_ID__
  ? lazy(() => import('./consent-banner').then((module) => ({ default: module.ConsentBanner })))
  : null;

export function ConsentBannerSlot() {
  const hydrated = useHydrated();
  if (!ConsentBanner || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}
