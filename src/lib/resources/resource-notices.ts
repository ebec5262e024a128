import type { Notice } from '../notice-bus';
import type { ResourceFailure } from './resource-client';
import type { ResourceTexts } from './resource';

export type Operation = 'create' | 'update' | 'delete' | 'load';

const offline: Notice = {
  kind: 'warning',
  messageId: 'snxt.data.notices.offline',
  defaultMessage: "You're offline. Try again when you're back online.",
};
const forbidden: Notice = {
  kind: 'error',
  messageId: 'snxt.data.notices.forbidden',
  defaultMessage: "You don't have permission to do that.",
};
// The words sign-in uses when the session ends, so the one notice shows once.
const signedOut: Notice = {
  kind: 'error',
  messageId: 'snxt.auth.sessionExpired',
  defaultMessage: 'Your session has ended. Please sign in again.',
};
const rateLimited: Notice = {
  kind: 'warning',
  messageId: 'snxt.data.notices.rateLimited',
  defaultMessage: 'Too many requests. Wait a moment, then try again.',
};
const failed: Notice = {
  kind: 'error',
  messageId: 'snxt.data.notices.failed',
  defaultMessage: 'The server could not do that. Try again later.',
};

export const offlineNotice = offline;

/** A resource's own notice: its text in the language on screen is the fallback, so it shows before the toaster's. */
export const resourceNotice = (kind: Notice['kind'], messageId: string, shown: string, values?: Notice['values']) =>
  ({ kind, messageId, defaultMessage: shown, ...(values && { values }) }) satisfies Notice;

/** What each failure says, for every failure there is: an API's failure never shows as the app's generic error. */
export function failureNotice(
  failure: ResourceFailure,
  operation: Operation,
  texts: ResourceTexts,
  translate: (key: string) => string,
): Notice {
  switch (failure) {
    case 'offline':
      return offline;
    case 'forbidden':
      return forbidden;
    case 'unauthorized':
      return signedOut;
    case 'rateLimited':
      return rateLimited;
    case 'notFound':
      return operation === 'create'
        ? failed
        : resourceNotice('warning', texts.deletedElsewhere, translate(texts.deletedElsewhere));
    case 'conflict':
      return operation === 'update' || operation === 'delete'
        ? resourceNotice('warning', texts.changedElsewhere, translate(texts.changedElsewhere))
        : failed;
    case 'invalid':
    case 'preconditionRequired':
    case 'failed':
      return failed;
  }
}
