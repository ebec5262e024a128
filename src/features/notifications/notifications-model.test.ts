import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY_MS } from '../../config/constants';
import { reportError, reportNotice, type Notice } from '../../lib/notice-bus';
import { NotificationsModel } from './notifications-model';

const notice = (overrides: Partial<Notice> = {}): Notice => ({
  kind: 'info',
  messageId: 'snxt.test.message',
  defaultMessage: 'Hello',
  ...overrides,
});
const reload = { labelId: 'snxt.update.reload', defaultLabel: 'Reload', run: () => undefined };

const models: NotificationsModel[] = [];
afterEach(() => models.splice(0).forEach((model) => model[Symbol.dispose]()));
function create(production = false) {
  const model = new NotificationsModel(production);
  models.push(model);
  return model;
}

describe('notice durations', () => {
  it.each([
    ['default', 2000],
    ['info', 2000],
    ['success', 2000],
    ['warning', 2500],
    ['error', 3000],
  ] as const)('a %s notice closes after %i ms', (kind, duration) => {
    const notifications = create();
    reportNotice(notice({ kind }));
    expect(notifications.notices.value).toEqual([expect.objectContaining({ kind, durationMs: duration })]);
  });

  /** How long each notice stays on screen, in the order given. */
  function shownDurations(...notices: Partial<Notice>[]) {
    const notifications = create();
    notices.forEach((overrides, index) => reportNotice(notice({ messageId: `snxt.test.${index}`, ...overrides })));
    return notifications.notices.value.map((shown) => shown.durationMs);
  }

  it('a snack bar (a notice with an action) stays until dismissed', () => {
    expect(shownDurations({ kind: 'warning', action: reload })).toEqual([0]);
  });

  it('clamps any delay to 2^31-1 ms so a long one does not fire at once', () => {
    expect(MAX_TIMER_DELAY_MS).toBe(2147483647);
    expect(
      shownDurations(
        { action: reload, durationMs: 2 ** 40 },
        { durationMs: Infinity },
        { durationMs: -5 },
        { durationMs: Number.NaN },
        { durationMs: 1500.4 },
      ),
    ).toEqual([MAX_TIMER_DELAY_MS, MAX_TIMER_DELAY_MS, 0, 0, 1500]);
  });
});

describe('the reporting door', () => {
  it('shows every reported error as the one error notice and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const notifications = create(true);
    reportError(new Error('boom'), 'Somewhere');
    expect(log).toHaveBeenCalledWith('Somewhere:', expect.any(Error));
    expect(notifications.notices.value).toEqual([
      expect.objectContaining({ kind: 'error', defaultMessage: 'An error occurred.', durationMs: 3000 }),
    ]);
  });

  it('says where the details are in non-production builds', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const notifications = create(false);
    reportError(new Error('boom'));
    expect(notifications.notices.value[0]?.defaultMessage).toBe('An error occurred. See console for details.');
  });

  it('replays what was reported before it was connected, without logging errors twice', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportError(new Error('early'));
    reportNotice(notice({ kind: 'warning' }));
    expect(log).toHaveBeenCalledOnce();
    const notifications = create();
    expect(notifications.notices.value.map((shown) => shown.kind)).toEqual(['error', 'warning']);
    expect(log).toHaveBeenCalledOnce();
  });

  it('shows an identical notice only once while it is on screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const notifications = create();
    for (let i = 0; i < 50; i++) reportError(new Error('again'));
    expect(notifications.notices.value).toHaveLength(1);
    reportNotice(notice({ kind: 'error', messageId: 'snxt.other' }));
    expect(notifications.notices.value).toHaveLength(2);
  });

  it('shows the same message again after the first was dismissed', () => {
    const notifications = create();
    reportNotice(notice());
    notifications.dismiss(notifications.notices.value[0]!.id);
    expect(notifications.notices.value).toEqual([]);
    reportNotice(notice());
    expect(notifications.notices.value).toHaveLength(1);
  });

  it('ignores a notice of an unknown kind (reported, nothing shown)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const notifications = create();
    reportNotice({ ...notice(), kind: 'loud' } as unknown as Notice);
    expect(notifications.notices.value.map((shown) => shown.kind)).toEqual(['error']);
  });

  it('disconnects when disposed', () => {
    const notifications = create();
    notifications[Symbol.dispose]();
    const next = create();
    reportNotice(notice());
    expect(notifications.notices.value).toEqual([]);
    expect(next.notices.value).toHaveLength(1);
  });
});
