import type { AnyRoute, AnyRouter } from '@tanstack/react-router';

/** Loads every lazily split route chunk in the background, once the main thread is idle. */
export function preloadLazyRoutes(router: AnyRouter): Promise<unknown> {
  const routes = Object.values(router.routesById as Record<string, AnyRoute>);
  return Promise.allSettled(routes.map((route) => router.loadRouteChunk(route)));
}

export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

/**
 * Runs each task in its own idle period, the next once the previous one has settled, so
 * background loading never adds up to one long task. A failed task does not stop the rest, and
 * its failure still surfaces as an unhandled rejection (reported like any other error).
 */
export function whenIdleInTurn(tasks: readonly (() => Promise<unknown>)[]): void {
  const [first, ...rest] = tasks;
  if (!first) return;
  whenIdle(() => {
    void first().finally(() => whenIdleInTurn(rest));
  });
}

/**
 * Runs `task` once the router has finished its first load. Background work then never competes
 * with the first page, and a failed background chunk is told apart from one the page needs.
 */
export function afterFirstLoad(router: Pick<AnyRouter, 'subscribe' | 'state'>, task: () => void): void {
  if (router.state.status === 'idle' && router.state.resolvedLocation) {
    task();
    return;
  }
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    task();
  });
}
