import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEffect } from './effect-runner';
import { connectReporter, type Reporter } from './report';

describe('effect runner', () => {
  let reporter: {
    error: ReturnType<typeof vi.fn<Reporter['error']>>;
    notice: ReturnType<typeof vi.fn<Reporter['notice']>>;
  };
  let disconnect = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    reporter = { error: vi.fn<Reporter['error']>(), notice: vi.fn<Reporter['notice']>() };
    disconnect = connectReporter(reporter);
  });
  afterEach(() => {
    disconnect();
    vi.useRealTimers();
  });

  it('runs at once and again whenever a signal it read changes', () => {
    const count = signal(0);
    const seen: number[] = [];
    const stop = runEffect('test', () => void seen.push(count.value));
    count.value = 1;
    count.value = 2;
    expect(seen).toEqual([0, 1, 2]);
    stop();
    count.value = 3;
    expect(seen).toEqual([0, 1, 2]);
  });

  it('reports every failure, re-runs 10 times, then stays stopped and says so', async () => {
    const trigger = signal(0);
    const fn = vi.fn(() => {
      void trigger.value;
      throw new Error('broken');
    });
    runEffect('always broken', fn);
    await vi.runAllTimersAsync();
    expect(fn).toHaveBeenCalledTimes(11);
    expect(reporter.error).toHaveBeenCalledTimes(12);
    expect(reporter.error).toHaveBeenNthCalledWith(1, expect.any(Error), 'Effect "always broken" failed (attempt 1)');
    expect(reporter.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Effect "always broken" stopped after 10 retries' }),
      'Effect runner',
    );
    // Stopped for good: signal changes no longer run it.
    trigger.value = 1;
    await vi.runAllTimersAsync();
    expect(fn).toHaveBeenCalledTimes(11);
  });

  it('recovers when a retry succeeds and keeps following its signals', async () => {
    const value = signal('a');
    const seen: string[] = [];
    let failuresLeft = 2;
    runEffect('flaky', () => {
      if (failuresLeft-- > 0) throw new Error('not yet');
      seen.push(value.value);
    });
    await vi.runAllTimersAsync();
    expect(reporter.error).toHaveBeenCalledTimes(2);
    expect(seen).toEqual(['a']);
    value.value = 'b';
    expect(seen).toEqual(['a', 'b']);
  });

  it('runs the cleanup before each re-run and when stopped', () => {
    const value = signal(0);
    const cleanup = vi.fn();
    const stop = runEffect('with cleanup', () => {
      void value.value;
      return cleanup;
    });
    value.value = 1;
    expect(cleanup).toHaveBeenCalledTimes(1);
    stop();
    expect(cleanup).toHaveBeenCalledTimes(2);
  });

  it('does not retry after being stopped', async () => {
    const fn = vi.fn(() => {
      throw new Error('broken');
    });
    const stop = runEffect('stopped early', fn);
    stop();
    await vi.runAllTimersAsync();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
