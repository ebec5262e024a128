import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startOffline } from './start-offline';
import { loadingRouter } from '../../test/loading-router';

/** A router that has finished its first load. */
const loadedRouter = { state: { status: 'idle', resolvedLocation: {} }, subscribe: vi.fn() } as unknown as Pick<
  AnyRouter,
  'subscribe' | 'state'
>;

const module = (startServiceWorker: () => () => void) =>
  Promise.resolve({ startServiceWorker } as unknown as typeof import('./service-worker'));

/** Longer than the idle wait (2 s at most): what was to start has started by then. */
const A_WHILE_MS = 3_000;
const aWhile = () => vi.advanceTimersByTimeAsync(A_WHILE_MS);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startOffline', () => {
  it('in dev and unit tests (not production) loads nothing and registers nothing', async () => {
    const load = vi.fn(() => module(vi.fn()));
    const stop = startOffline(loadedRouter, { load });
    await aWhile();
    expect(load).not.toHaveBeenCalled();
    stop();
  });

  it('starts the worker only after the first page has loaded and the main thread is idle', async () => {
    const startWorker = vi.fn(() => () => {});
    const load = vi.fn(() => module(startWorker));
    const { router, resolve } = loadingRouter();
    const stop = startOffline(router, { enabled: true, load });
    await aWhile();
    expect(load).not.toHaveBeenCalled();
    resolve();
    expect(load).not.toHaveBeenCalled();
    await aWhile();
    expect(startWorker).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stopped before its chunk arrived: the worker is never started', async () => {
    const startWorker = vi.fn(() => () => {});
    const stop = startOffline(loadedRouter, { enabled: true, load: () => module(startWorker) });
    stop();
    await aWhile();
    expect(startWorker).not.toHaveBeenCalled();
  });

  it('stopping stops the worker’s update checks', async () => {
    const stopWorker = vi.fn();
    const stop = startOffline(loadedRouter, { enabled: true, load: () => module(() => stopWorker) });
    await aWhile();
    expect(stopWorker).not.toHaveBeenCalled();
    stop();
    expect(stopWorker).toHaveBeenCalledTimes(1);
  });
});
