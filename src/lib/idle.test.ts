import { describe, expect, it, vi } from 'vitest';
import { afterFirstLoad, whenIdleInTurn } from './idle';

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

describe('whenIdleInTurn', () => {
  it('runs each task in its own idle period, the next after the previous settles, past failures', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const order: string[] = [];
    let finishFirst: () => void = () => undefined;
    whenIdleInTurn([
      () => new Promise<void>((resolve) => (order.push('first'), (finishFirst = resolve))),
      () => (order.push('second'), Promise.reject(new Error('chunk failed'))),
      () => (order.push('third'), Promise.resolve()),
    ]);
    expect(order).toEqual([]);
    idle.shift()?.();
    expect(order).toEqual(['first']);
    await Promise.resolve();
    expect(idle).toHaveLength(0); // the second waits for the first to settle
    finishFirst();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.shift()?.();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.shift()?.();
    expect(order).toEqual(['first', 'second', 'third']);
    await vi.waitFor(() => expect(unhandled).toHaveBeenCalledTimes(1));
    process.off('unhandledRejection', unhandled);
    vi.unstubAllGlobals();
  });
});
