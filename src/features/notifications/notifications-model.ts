import { createModel, effect, signal } from '@preact/signals-react';
import { MAX_TIMER_DELAY_MS, SNACKBAR_DEFAULT_DURATION_MS, TOAST_DURATION_MS } from '../../config/constants';
import { env } from '../../config/env';
import { isRecord, oneOf, rejected, valid, type Validator } from '../../lib/checks';
import { defineAction } from '../../lib/model-kit';
import { connectReporter, type Notice, type NoticeKind } from '../../lib/notice-bus';
import { runningSlot } from '../../lib/running-slot';

export interface ShownNotice extends Notice {
  id: number;
  /** 0: until dismissed. */
  durationMs: number;
}

const KINDS = Object.keys(TOAST_DURATION_MS) as NoticeKind[];
const isKind = oneOf(KINDS);

const errorNotice = (production: boolean): Notice =>
  production
    ? { kind: 'error', messageId: 'snxt.errors.generic', defaultMessage: 'An error occurred.' }
    : {
        kind: 'error',
        messageId: 'snxt.errors.genericWithConsole',
        defaultMessage: 'An error occurred. See console for details.',
      };

// setTimeout fires a larger delay at once.
function clampDelay(ms: number): number {
  if (!Number.isFinite(ms)) return ms === Infinity ? MAX_TIMER_DELAY_MS : 0;
  return Math.min(Math.max(0, Math.round(ms)), MAX_TIMER_DELAY_MS);
}

function noticeDuration({ kind, action, durationMs }: Notice): number {
  if (durationMs !== undefined) return clampDelay(durationMs);
  return action ? SNACKBAR_DEFAULT_DURATION_MS : TOAST_DURATION_MS[kind];
}

const noticeValidator: Validator<Notice> = (payload) => {
  if (!isRecord(payload) || !isKind(payload.kind).ok) return rejected('expected a notice of a known kind');
  return valid(payload as unknown as Notice);
};
const idValidator: Validator<number> = (payload) =>
  typeof payload === 'number' ? valid(payload) : rejected(`expected a notice id, got ${JSON.stringify(payload)}`);

// A notice already on screen is not shown twice: a burst of identical errors gives one, not fifty.
export const NotificationsModel = createModel((production: boolean = env.production) => {
  const notices = signal<readonly ShownNotice[]>([]);
  let nextId = 1;

  const show = defineAction('[Notifications] Show', noticeValidator, (notice) => {
    if (notices.value.some((shown) => shown.kind === notice.kind && shown.messageId === notice.messageId)) return;
    notices.value = [...notices.value, { ...notice, id: nextId++, durationMs: noticeDuration(notice) }];
  });

  effect(() =>
    connectReporter({
      error(error, context, logged) {
        if (!logged) console.error(context ? `${context}:` : 'Error:', error);
        show(errorNotice(production));
      },
      notice: show,
    }),
  );

  return {
    notices,
    dismiss: defineAction('[Notifications] Dismiss', idValidator, (id) => {
      notices.value = notices.value.filter((notice) => notice.id !== id);
    }),
  };
});

export type NotificationsModel = InstanceType<typeof NotificationsModel>;

const running = /* @__PURE__ */ runningSlot<NotificationsModel>('The notifications model');
export const notifications = running.get;
export const runNotifications = running.run;
