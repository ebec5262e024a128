import { signal } from '@preact/signals-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureReports } from '../test/capture-reports';
import { defineAction, InvalidActionError, isBoolean, isHour, oneOf } from './define-action';

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
    expect(error).toBeInstanceOf(InvalidActionError);
    expect(error).toMatchObject({ payload, action: '[Test] Set' });
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
    const { defineAction: defineFresh, oneOf: oneOfFresh } = await import('./define-action');
    defineFresh('[Settings] Change Theme', oneOfFresh(['NATURE-THEME']), () => undefined)('NATURE-THEME');
    expect(log).toHaveBeenCalledWith('[action] [Settings] Change Theme', 'NATURE-THEME');
  });

  it('in production and test builds logs nothing', () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    defineAction('[Test] Quiet', isBoolean, () => undefined)(true);
    expect(log).not.toHaveBeenCalled();
  });
});
