import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a prerendered page, true from the render right after it (and from the
 * start when nothing was prerendered). A component renders the prerender's snapshot (defaults,
 * English, signed out) while false, so its first render matches the server's markup exactly;
 * React then re-renders it with the live state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
