import { describe, expect, it, vi } from 'vitest';
import { afterFirstLoad } from './preload-routes';

function fakeRouter(status: 'pending' | 'idle', resolved: boolean) {
  const listeners = new Set<() => void>();
  return {
    state: { status, resolvedLocation: resolved ? {} : undefined },
    subscribe: (_event: string, listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resolve: () => [...listeners].forEach((listener) => listener()),
    listeners,
  };
}

describe('afterFirstLoad', () => {
  it('waits for the first load to resolve, then runs once', () => {
    const router = fakeRouter('pending', false);
    const task = vi.fn();
    afterFirstLoad(router as never, task);
    expect(task).not.toHaveBeenCalled();
    router.resolve();
    router.resolve();
    expect(task).toHaveBeenCalledTimes(1);
    expect(router.listeners.size).toBe(0);
  });

  it('runs at once when the router has already loaded', () => {
    const task = vi.fn();
    afterFirstLoad(fakeRouter('idle', true) as never, task);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
