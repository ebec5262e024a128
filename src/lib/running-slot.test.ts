import { effect } from '@preact/signals-react';
import { describe, expect, it, vi } from 'vitest';
import { runningSlot } from './running-slot';

describe('runningSlot', () => {
  it('throws a clear error before anything runs, then hands out the running instance', () => {
    const slot = runningSlot<{ id: number }>('The test model');
    expect(() => slot.get()).toThrow('The test model is not running');
    expect(slot.peek()).toBeNull();
    const stop = slot.run({ id: 1 });
    expect(slot.get()).toEqual({ id: 1 });
    stop();
    expect(slot.current()).toBeNull();
  });

  it('disposes what it ran when stopped, and a stale stop leaves a newer instance alone', () => {
    const slot = runningSlot<Disposable>('model');
    const first = { [Symbol.dispose]: vi.fn() };
    const second = { [Symbol.dispose]: vi.fn() };
    const stopFirst = slot.run(first);
    slot.run(second);
    stopFirst();
    expect(first[Symbol.dispose]).toHaveBeenCalledOnce();
    expect(slot.get()).toBe(second);
  });

  it('lets an effect follow a fresh instance', () => {
    const slot = runningSlot<string>('name');
    const seen: (string | null)[] = [];
    const stop = effect(() => void seen.push(slot.current()));
    slot.run('a');
    slot.run('b');
    stop();
    expect(seen).toEqual([null, 'a', 'b']);
  });
});
