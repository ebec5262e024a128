import { reportError, reportNotice, type Notice } from '../../lib/notice-bus';
import { BooksApiError, type BooksFailure } from './books-api';

export const bookSavedNotice: Notice = {
  kind: 'success',
  messageId: 'snxt.books.notices.saved',
  defaultMessage: 'Book saved.',
};

export const bookDeletedNotice: Notice = {
  kind: 'success',
  messageId: 'snxt.books.notices.deleted',
  defaultMessage: 'Book deleted.',
};

export const changedElsewhereNotice = (reload?: () => void): Notice => ({
  kind: 'warning',
  messageId: 'snxt.books.notices.conflict',
  defaultMessage: 'This book was changed elsewhere.',
  ...(reload && { action: { labelId: 'snxt.books.notices.reload', defaultLabel: 'Reload', run: reload } }),
});

export const offlineNotice: Notice = {
  kind: 'warning',
  messageId: 'snxt.books.notices.offline',
  defaultMessage: "You're offline. Try again when you're back online.",
};

const deletedElsewhereNotice: Notice = {
  kind: 'warning',
  messageId: 'snxt.books.notices.deletedElsewhere',
  defaultMessage: 'This book was deleted elsewhere.',
};

const forbiddenNotice: Notice = {
  kind: 'error',
  messageId: 'snxt.books.notices.forbidden',
  defaultMessage: "You don't have permission to do that.",
};

// The words sign-in uses when the session ends, so the one notice shows once.
const signedOutNotice: Notice = {
  kind: 'error',
  messageId: 'snxt.auth.sessionExpired',
  defaultMessage: 'Your session has ended. Please sign in again.',
};

const rateLimitedNotice: Notice = {
  kind: 'warning',
  messageId: 'snxt.data.notices.rateLimited',
  defaultMessage: 'Too many requests. Wait a moment, then try again.',
};

const failedNotice: Notice = {
  kind: 'error',
  messageId: 'snxt.data.notices.failed',
  defaultMessage: 'The server could not do that. Try again later.',
};

type Operation = 'create' | 'update' | 'delete' | 'load';

export function failureNotice(failure: BooksFailure, operation: Operation): Notice {
  switch (failure) {
    case 'offline':
      return offlineNotice;
    case 'forbidden':
      return forbiddenNotice;
    case 'unauthorized':
      return signedOutNotice;
    case 'rateLimited':
      return rateLimitedNotice;
    case 'notFound':
      return operation === 'create' ? failedNotice : deletedElsewhereNotice;
    case 'conflict':
      return operation === 'update' || operation === 'delete' ? changedElsewhereNotice() : failedNotice;
    case 'invalid':
    case 'preconditionRequired':
    case 'failed':
      return failedNotice;
  }
}

export const failureOf = (error: unknown): BooksFailure => (error instanceof BooksApiError ? error.failure : 'failed');

/** An API's failure in its own words; anything else is a fault of the app (logged, the one error notice). */
export function reportBooksFailure(error: unknown, operation: Operation): void {
  if (!(error instanceof BooksApiError)) return reportError(error, `Books: ${operation}`);
  if (error.failure === 'failed') console.warn(`Books: ${operation} failed`, error);
  reportNotice(failureNotice(error.failure, operation));
}
