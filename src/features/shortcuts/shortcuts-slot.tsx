import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

// A chunk of its own, loaded once the page has hydrated: the first load carries only this.
const ShortcutsHost = lazy(() => import('./shortcuts-host').then((module) => ({ default: module.ShortcutsHost })));

export function ShortcutsSlot() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsHost />
    </Suspense>
  );
}
