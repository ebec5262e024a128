import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectReporter, reportError, reportNotice } from '../lib/report';
import { createNotificationsState } from '../state/notifications';
import { createToastReporter } from './toast-reporter';

describe('toast reporter', () => {
  let disconnect = () => {};
  afterEach(() => disconnect());

  const connect = (production: boolean) => {
    const notifications = createNotificationsState();
    disconnect = connectReporter(createToastReporter(notifications, production));
    return notifications;
  };

  it('in production builds shows exactly "An error occurred." and logs the error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notifications = connect(true);
    const error = new Error('boom');
    reportError(error, 'Uncaught error');
    expect(log).toHaveBeenCalledWith('Uncaught error:', error);
    expect(notifications.toasts.value).toEqual([
      expect.objectContaining({ kind: 'error', defaultMessage: 'An error occurred.', durationMs: 3000 }),
    ]);
  });

  it('in other builds points to the console', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const notifications = connect(false);
    reportError(new Error('boom'));
    expect(notifications.toasts.value[0]!.defaultMessage).toBe('An error occurred. See console for details.');
  });

  it('logs every error of a burst but shows one toast', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notifications = connect(true);
    for (let i = 0; i < 50; i++) reportError(new Error('same'));
    expect(log).toHaveBeenCalledTimes(50);
    expect(notifications.toasts.value).toHaveLength(1);
  });

  it('shows errors reported before it connected without logging them twice', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportError(new Error('early'), 'Storage self-test');
    expect(log).toHaveBeenCalledTimes(1);
    const notifications = connect(true);
    expect(log).toHaveBeenCalledTimes(1);
    expect(notifications.toasts.value).toHaveLength(1);
  });

  it('shows plain notices as snack bars that stay until dismissed', () => {
    const notifications = connect(true);
    reportNotice({ kind: 'warning', messageId: 'snxt.storage.unavailable', defaultMessage: 'Not saving' });
    expect(notifications.toasts.value).toEqual([
      expect.objectContaining({ kind: 'warning', snackBar: true, durationMs: 0 }),
    ]);
  });
});
