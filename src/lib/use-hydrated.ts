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

export interface PendingControlProps {
  'aria-disabled'?: true;
  'data-pending'?: '';
}

// A control without its handler yet is unavailable (`data-pending` takes pointer input away, app.css), so a click
// before the app runs is not silently lost; it looks the same and stays in the tab order.
export function usePendingControl(): PendingControlProps {
  return useHydrated() ? {} : { 'aria-disabled': true, 'data-pending': '' };
}
