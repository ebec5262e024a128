import { signal } from '@preact/signals-react';
import { MAX_TIMER_DELAY_MS, SNACKBAR_DEFAULT_DURATION_MS, TOAST_DURATION_MS } from '../config/constants';
import { isRecord } from '../lib/storage';
import { defineAction, rejected, valid, type Validator } from './define-action';

export type ToastKind = keyof typeof TOAST_DURATION_MS;
const KINDS = Object.keys(TOAST_DURATION_MS) as ToastKind[];

export interface ToastRequest {
  kind: ToastKind;
  /** A translation key; `defaultMessage` is shown while (or if) messages are not loaded. */
  messageId: string;
  defaultMessage: string;
  /** A snack bar stays until dismissed unless given a delay; a toast uses its kind's duration. */
  snackBar?: boolean;
  durationMs?: number;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  messageId: string;
  defaultMessage: string;
  snackBar: boolean;
  /** Milliseconds before it closes itself; 0 = until dismissed. Never above setTimeout's ceiling. */
  durationMs: number;
}

/** A delay setTimeout can honour: larger values would fire at once, negative or NaN ones mean none. */
export function clampDelay(ms: number): number {
  if (!Number.isFinite(ms)) return ms === Infinity ? MAX_TIMER_DELAY_MS : 0;
  return Math.min(Math.max(0, Math.round(ms)), MAX_TIMER_DELAY_MS);
}

export function toastDuration({ kind, snackBar, durationMs }: ToastRequest): number {
  if (durationMs !== undefined) return clampDelay(durationMs);
  return snackBar ? SNACKBAR_DEFAULT_DURATION_MS : TOAST_DURATION_MS[kind];
}

const requestValidator: Validator<ToastRequest> = (payload) => {
  if (!isRecord(payload)) return rejected('expected a toast request');
  const { kind, messageId, defaultMessage, snackBar, durationMs } = payload;
  if (typeof kind !== 'string' || !(KINDS as string[]).includes(kind)) {
    return rejected(`expected a kind of ${KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
  }
  if (typeof messageId !== 'string' || typeof defaultMessage !== 'string') {
    return rejected('expected a messageId and a defaultMessage');
  }
  if (snackBar !== undefined && typeof snackBar !== 'boolean') return rejected('snackBar must be a boolean');
  if (durationMs !== undefined && typeof durationMs !== 'number') return rejected('durationMs must be a number');
  return valid(payload as unknown as ToastRequest);
};

const idValidator: Validator<number> = (payload) =>
  typeof payload === 'number' ? valid(payload) : rejected(`expected a toast id, got ${JSON.stringify(payload)}`);

/**
 * Notifications domain: the toasts on screen. Showing one that is already on screen (same kind
 * and message) does nothing, so a burst of identical errors gives one toast, not fifty.
 */
export function createNotificationsState() {
  const toasts = signal<readonly Toast[]>([]);
  let nextId = 1;

  return {
    toasts,
    show: defineAction('[Notifications] Show', requestValidator, (request) => {
      const duplicate = toasts.value.some(
        (toast) => toast.kind === request.kind && toast.messageId === request.messageId,
      );
      if (duplicate) return;
      const toast: Toast = {
        id: nextId++,
        kind: request.kind,
        messageId: request.messageId,
        defaultMessage: request.defaultMessage,
        snackBar: request.snackBar ?? false,
        durationMs: toastDuration(request),
      };
      toasts.value = [...toasts.value, toast];
    }),
    dismiss: defineAction('[Notifications] Dismiss', idValidator, (id) => {
      toasts.value = toasts.value.filter((toast) => toast.id !== id);
    }),
  };
}

export type NotificationsStore = ReturnType<typeof createNotificationsState>;
