import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureReports } from '../test/capture-reports';
import { isBoolean, isHour, oneOf } from './checks';
import { defineAction, runEffect } from './model-kit';
import { connectReporter, type Reporter } from './notice-bus';

describe('defineAction', () => {
  afterEach(() => {
    vi.doUnmock('../config/env');
    vi.resetModules();
  });

  it.each([
    [oneOf(['a', 'b']), 'c'],
    [oneOf(['a', 'b']), 'A'],
    [isBoolean, 'yes'],
    [isHour, 24],
    [isHour, 1.5],
    [isHour, '7'],
  ])('an invalid payload (%#: %j) is reported as an error and changes nothing', (validate, payload) => {
    const reporter = captureReports();
    const state = signal<unknown>('start');
    const act = defineAction('[Test] Set', validate as (payload: unknown) => never, (value) => (state.value = value));
    expect(act(payload as never)).toBe(false);
    expect(state.value).toBe('start');
    expect(reporter.error).toHaveBeenCalledOnce();
    const [error, context] = reporter.error.mock.calls[0]!;
    expect(error).toMatchObject({ name: 'InvalidActionError', payload, action: '[Test] Set' });
    expect(context).toBe('Invalid action');
  });

  it('a valid action applies in one batch and reports nothing', () => {
    const reporter = captureReports();
    const a = signal(0);
    const b = signal(0);
    const seen: string[] = [];
    const unsubscribe = a.subscribe(() => seen.push(`${a.peek()},${b.peek()}`));
    const both = defineAction('[Test] Both', oneOf(['go']), () => {
      a.value = 1;
      b.value = 1;
    });
    expect(both('go')).toBe(true);
    // Subscribers see the finished state, never a half-applied one.
    expect(seen).toEqual(['0,0', '1,1']);
    expect(reporter.error).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('in development builds logs every action with its name and payload', async () => {
    vi.resetModules();
    vi.doMock('../config/env', async (original) => ({
      env: { ...(await original<typeof import('../config/env')>()).env, production: false, test: false },
    }));
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { defineAction: defineFresh } = await import('./model-kit');
    defineFresh('[Settings] Change Theme', oneOf(['NATURE-THEME']), () => undefined)('NATURE-THEME');
    expect(log).toHaveBeenCalledWith('[action] [Settings] Change Theme', 'NATURE-THEME');
  });

  it('in production and test builds logs nothing', () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    defineAction('[Test] Quiet', isBoolean, () => undefined)(true);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('runEffect', () => {
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
