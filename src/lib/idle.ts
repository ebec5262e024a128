import type { AnyRouter } from '@tanstack/react-router';

export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

// One task per idle period, so background loading never adds up to one long task; a failure stops nothing.
export function whenIdleInTurn(tasks: readonly (() => Promise<unknown>)[]): void {
  const [first, ...rest] = tasks;
  if (!first) return;
  whenIdle(() => {
    void first().finally(() => whenIdleInTurn(rest));
  });
}

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
