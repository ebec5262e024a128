import { describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY_MS } from '../config/constants';
import { clampDelay, createNotificationsState, toastDuration, type ToastRequest } from './notifications';

const request = (overrides: Partial<ToastRequest> = {}): ToastRequest => ({
  kind: 'info',
  messageId: 'snxt.test.message',
  defaultMessage: 'Hello',
  ...overrides,
});

describe('notifications state', () => {
  it.each([
    ['default', 2000],
    ['info', 2000],
    ['success', 2000],
    ['warning', 2500],
    ['error', 3000],
  ] as const)('a %s toast lasts %i ms (SPEC §9)', (kind, duration) => {
    const store = createNotificationsState();
    store.show(request({ kind }));
    expect(store.toasts.value).toEqual([expect.objectContaining({ kind, durationMs: duration, snackBar: false })]);
  });

  it('a snack bar stays until dismissed by default (duration 0)', () => {
    expect(toastDuration(request({ snackBar: true }))).toBe(0);
  });

  it('clamps any delay to 2^31-1 ms so a long one does not fire at once', () => {
    expect(toastDuration(request({ snackBar: true, durationMs: 2 ** 40 }))).toBe(MAX_TIMER_DELAY_MS);
    expect(toastDuration(request({ durationMs: Infinity }))).toBe(MAX_TIMER_DELAY_MS);
    expect(MAX_TIMER_DELAY_MS).toBe(2147483647);
    expect(clampDelay(-5)).toBe(0);
    expect(clampDelay(Number.NaN)).toBe(0);
    expect(clampDelay(1500)).toBe(1500);
  });

  it('shows an identical toast only once while it is on screen', () => {
    const store = createNotificationsState();
    for (let i = 0; i < 50; i++) store.show(request({ kind: 'error' }));
    expect(store.toasts.value).toHaveLength(1);
    store.show(request({ kind: 'error', messageId: 'snxt.other' }));
    expect(store.toasts.value).toHaveLength(2);
  });

  it('shows the same message again after the first was dismissed', () => {
    const store = createNotificationsState();
    store.show(request());
    store.dismiss(store.toasts.value[0]!.id);
    expect(store.toasts.value).toEqual([]);
    store.show(request());
    expect(store.toasts.value).toHaveLength(1);
  });

  it('rejects an invalid request without changing anything', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createNotificationsState();
    expect(store.show({ ...request(), kind: 'loud' } as unknown as ToastRequest)).toBe(false);
    expect(store.toasts.value).toEqual([]);
  });
});
