import { startTransition, useEffect, useState } from 'react';

let snapshotFirst = false;

export function renderSnapshotFirst(): void {
  snapshotFirst = true;
}

// Not before the first navigation: React may hydrate a Suspense boundary after the rest.
export function snapshotDone(): void {
  snapshotFirst = false;
}

/** False while React renders or hydrates a prerendered page: render its snapshot then, so the markup matches exactly. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !snapshotFirst);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
