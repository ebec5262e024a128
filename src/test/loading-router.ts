import type { AnyRouter } from '@tanstack/react-router';

/** A router still loading its first page; `resolve()` finishes it. */
export function loadingRouter() {
  let listener = () => {};
  const router = {
    state: { status: 'pending', resolvedLocation: undefined },
    subscribe: (_type: string, next: () => void) => ((listener = next), () => {}),
  } as unknown as Pick<AnyRouter, 'subscribe' | 'state'>;
  return { router, resolve: () => listener() };
}
