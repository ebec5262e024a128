import { describe, expect, it, vi } from 'vitest';
import { captureReports } from '../../test/capture-reports';
import { startTestState } from '../../test/test-state';
import { onlyWorkerUrl, startServiceWorker, WORKER_URL } from './service-worker';
import type { WorkerContainer } from './watch-worker';

describe('the worker URL policy', () => {
  it('lets the worker’s own URL through', () => {
    expect(onlyWorkerUrl(WORKER_URL)).toBe('/sw.js');
  });

  it.each([
    'https://evil.test/sw.js',
    '//evil.test/sw.js',
    '/sw.js?importScripts=https://evil.test/x.js',
    '/sw.js#x',
    '/assets/sw.js',
    '/SW.JS',
    ' /sw.js',
    'data:text/javascript,alert(1)',
    'javascript:alert(1)',
    '',
  ])('refuses %j', (url) => {
    expect(() => onlyWorkerUrl(url)).toThrow(TypeError);
  });
});

describe('startServiceWorker', () => {
  it('offers a waiting version as the snack bar “A new version is available.” whose Reload reloads once', async () => {
    const reports = captureReports();
    const waiting = Object.assign(new EventTarget(), { state: 'installed', postMessage: vi.fn() });
    const registration = Object.assign(new EventTarget(), { installing: null, waiting, update: vi.fn() });
    const container = Object.assign(new EventTarget(), {
      controller: {},
      register: vi.fn(() => Promise.resolve(registration)),
    });
    const reload = vi.fn();
    const stop = startServiceWorker(container as unknown as WorkerContainer, reload);
    await vi.waitFor(() => expect(reports.notice).toHaveBeenCalledOnce());

    const [notice] = reports.notice.mock.calls[0]!;
    // A notice with an action is a snack bar: it stays until dismissed (notifications-model.test.ts).
    expect(notice).toMatchObject({
      messageId: 'snxt.update.available',
      defaultMessage: 'A new version is available.',
      action: { labelId: 'snxt.update.reload', defaultLabel: 'Reload' },
    });
    notice!.action!.run();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('looks for a new version every 60 minutes', async () => {
    vi.useFakeTimers();
    startTestState();
    const registration = Object.assign(new EventTarget(), {
      installing: null,
      waiting: null,
      update: vi.fn(async () => undefined),
    });
    const container = Object.assign(new EventTarget(), { controller: {}, register: vi.fn(async () => registration) });
    const stop = startServiceWorker(container as unknown as WorkerContainer, vi.fn());
    await vi.advanceTimersByTimeAsync(60 * 60_000 - 1);
    expect(registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    stop();
    vi.useRealTimers();
  });
});
