import type { AnyRouter } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { startOffline } from './start-offline';
import { loadingRouter } from '../../test/loading-router';

/** A router that has finished its first load. */
const loadedRouter = { state: { status: 'idle', resolvedLocation: {} }, subscribe: vi.fn() } as unknown as Pick<
  AnyRouter,
  'subscribe' | 'state'
>;

const module = (startServiceWorker: () => () => void) =>
  Promise.resolve({ startServiceWorker } as unknown as typeof import('./service-worker'));

describe('startOffline', () => {
  it('in dev and unit tests (not production) loads nothing and registers nothing', async () => {
    const load = vi.fn(() => module(vi.fn()));
    const stop = startOffline(loadedRouter, { load });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(load).not.toHaveBeenCalled();
    stop();
  });

  it('starts the worker only after the first page has loaded and the main thread is idle', async () => {
    const startWorker = vi.fn(() => () => {});
    const load = vi.fn(() => module(startWorker));
    const { router, resolve } = loadingRouter();
    const stop = startOffline(router, { enabled: true, load });
    await new Promise((done) => setTimeout(done, 300));
    expect(load).not.toHaveBeenCalled();
    resolve();
    await vi.waitFor(() => expect(startWorker).toHaveBeenCalledTimes(1));
    stop();
  });

  it('stopped before its chunk arrived: the worker is never started', async () => {
    const startWorker = vi.fn(() => () => {});
    const stop = startOffline(loadedRouter, { enabled: true, load: () => module(startWorker) });
    stop();
    await new Promise((done) => setTimeout(done, 300));
    expect(startWorker).not.toHaveBeenCalled();
  });

  it('stopping stops the worker’s update checks', async () => {
    const stopWorker = vi.fn();
    const stop = startOffline(loadedRouter, { enabled: true, load: () => module(() => stopWorker) });
    await vi.waitFor(() => expect(stopWorker).not.toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 300));
    stop();
    expect(stopWorker).toHaveBeenCalledTimes(1);
  });
});
