import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandlers } from './global-errors';
import { connectReporter } from './notice-bus';

describe('global error handlers', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  const install = () => {
    const reporter = { error: vi.fn(), notice: vi.fn() };
    cleanups.push(connectReporter(reporter), installGlobalErrorHandlers(window));
    return reporter;
  };

  it('reports uncaught errors and keeps the browser from logging them a second time', () => {
    const reporter = install();
    const error = new Error('boom');
    const event = new ErrorEvent('error', { error, message: 'boom', cancelable: true });
    window.dispatchEvent(event);
    expect(reporter.error).toHaveBeenCalledWith(error, 'Uncaught error');
    expect(event.defaultPrevented).toBe(true);
  });

  it('reports unhandled rejections with their reason', () => {
    const reporter = install();
    const reason = new Error('rejected');
    const event = new Event('unhandledrejection', { cancelable: true });
    Object.assign(event, { reason, promise: Promise.resolve() });
    window.dispatchEvent(event);
    expect(reporter.error).toHaveBeenCalledWith(reason, 'Unhandled promise rejection');
  });

  it('ignores the benign ResizeObserver loop message', () => {
    const reporter = install();
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop limit exceeded' }));
    expect(reporter.error).not.toHaveBeenCalled();
  });

  it('stops listening when removed', () => {
    const reporter = install();
    cleanups.splice(0).forEach((cleanup) => cleanup());
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('late'), message: 'late' }));
    expect(reporter.error).not.toHaveBeenCalled();
  });
});
