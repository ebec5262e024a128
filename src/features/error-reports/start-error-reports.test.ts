import { describe, expect, it, vi } from 'vitest';
import { captureReports } from '../../test/capture-reports';
import { reportError } from '../../lib/notice-bus';
import { loadingRouter } from '../../test/loading-router';
import { startErrorReports } from './start-error-reports';

const COLLECTOR = 'https://errors.example.com/r';

const module = (send: (error: unknown, context?: string) => void) =>
  Promise.resolve({
    createErrorReports: () => send,
  } as unknown as typeof import('./error-reports'));

describe('startErrorReports', () => {
  it('loads the sender only after the first page, then sends what was reported before it, in order, with its context', async () => {
    captureReports();
    const send = vi.fn();
    const load = vi.fn(() => module(send));
    const { router, resolve } = loadingRouter();
    const stop = startErrorReports(router, COLLECTOR, load);
    const early = [new Error('storage'), { rejected: true }];
    reportError(early[0]);
    reportError(early[1], 'Unhandled promise rejection');
    await new Promise((done) => setTimeout(done, 300));
    expect(load).not.toHaveBeenCalled();
    resolve();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls).toEqual([
      [early[0], undefined],
      [early[1], 'Unhandled promise rejection'],
    ]);
    const late = new Error('late');
    reportError(late, 'Uncaught error');
    expect(send).toHaveBeenLastCalledWith(late, 'Uncaught error');
    stop();
    reportError(new Error('after stop'));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('keeps at most 20 errors while the sender loads', async () => {
    captureReports();
    const send = vi.fn();
    const { router, resolve } = loadingRouter();
    const stop = startErrorReports(router, COLLECTOR, () => module(send));
    for (let index = 0; index < 30; index++) reportError(new Error(`early ${index}`));
    resolve();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(20));
    stop();
  });

  it('a sender that cannot load reports nothing about itself and throws nothing', async () => {
    const reports = captureReports();
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const { router, resolve } = loadingRouter();
    const stop = startErrorReports(router, COLLECTOR, load);
    resolve();
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    await new Promise((done) => setTimeout(done, 50));
    expect(() => reportError(new Error('later'))).not.toThrow();
    expect(reports.error).toHaveBeenCalledTimes(1);
    stop();
  });
});
