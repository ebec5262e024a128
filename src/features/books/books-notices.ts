import { reportError, reportNotice, type Notice } from '../../lib/notice-bus';
import { BooksApiError } from './books-api';

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

export const changedElsewhereNotice = (reload: () => void): Notice => ({
  kind: 'warning',
  messageId: 'snxt.books.notices.conflict',
  defaultMessage: 'This book was changed elsewhere.',
  action: { labelId: 'snxt.books.notices.reload', defaultLabel: 'Reload', run: reload },
});

export const offlineNotice: Notice = {
  kind: 'warning',
  messageId: 'snxt.books.notices.offline',
  defaultMessage: "You're offline. Try again when you're back online.",
};

const forbiddenNotice: Notice = {
  kind: 'error',
  messageId: 'snxt.books.notices.forbidden',
  defaultMessage: "You don't have permission to do that.",
};

/** What the user can act on gets its own words; the rest is an app error (logged, the one error notice). */
export function reportBooksFailure(error: unknown, context: string): void {
  const failure = error instanceof BooksApiError ? error.failure : null;
  if (failure === 'offline') reportNotice(offlineNotice);
  else if (failure === 'forbidden') reportNotice(forbiddenNotice);
  // The session has ended: sign-in already says so.
  else if (failure !== 'unauthorized') reportError(error, context);
}
