import type { Notice, Reporter } from '../lib/report';
import type { NotificationsStore, ToastRequest } from '../state/notifications';

/** The one error message users see; the details are in the console (SPEC §8). */
export function errorToast(production: boolean): ToastRequest {
  return production
    ? { kind: 'error', messageId: 'snxt.errors.generic', defaultMessage: 'An error occurred.' }
    : {
        kind: 'error',
        messageId: 'snxt.errors.genericWithConsole',
        defaultMessage: 'An error occurred. See console for details.',
      };
}

/** Plain notices are snack bars that stay until dismissed; error notices are error toasts. */
export function noticeToast(notice: Notice): ToastRequest {
  return { ...notice, snackBar: notice.kind !== 'error' };
}

/**
 * Logs every reported error and shows it as a toast; identical toasts already on screen are not
 * repeated (the notifications state drops them).
 */
export function createToastReporter(notifications: NotificationsStore, production: boolean): Reporter {
  return {
    error(error, context, logged) {
      if (!logged) console.error(context ? `${context}:` : 'Error:', error);
      notifications.show(errorToast(production));
    },
    notice(notice) {
      notifications.show(noticeToast(notice));
    },
  };
}
