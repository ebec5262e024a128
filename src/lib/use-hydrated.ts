import { startTransition, useEffect, useState } from 'react';

/** True while prerendered markup is rendered (the prerender) or hydrated (the browser). */
let snapshotFirst = false;

/** The next render is the prerender's, or the hydration of its markup: components render the snapshot. */
export function renderSnapshotFirst(): void {
  snapshotFirst = true;
}

/**
 * The prerendered page is behind us (the first navigation): components mounted from now on render
 * the live state at once. Not earlier: React may hydrate a Suspense boundary after the rest.
 */
export function snapshotDone(): void {
  snapshotFirst = false;
}

/**
 * False while React renders or hydrates a prerendered page, true afterwards (and from the start
 * when nothing was prerendered). A component renders the prerender's snapshot (defaults, English,
 * signed out) while false, so its first render matches the server's markup exactly; the live
 * state follows as a transition, which React splits into short tasks.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !snapshotFirst);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** The props of a control whose app code has not run yet (see usePendingControl). */
export interface PendingControlProps {
  'aria-disabled'?: true;
  'data-pending'?: '';
}

/**
 * For a control on a prerendered page (a button, a switch, a select): until hydration has given it
 * its handler it is unavailable (`aria-disabled`, and `data-pending`, which takes pointer input
 * away: src/styles/app.css), so a click or a choice made before the app runs is not silently
 * lost; it looks the same, and it stays in the tab order.
 */
export function usePendingControl(): PendingControlProps {
  return useHydrated() ? {} : { 'aria-disabled': true, 'data-pending': '' };
}
