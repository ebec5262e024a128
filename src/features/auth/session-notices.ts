import type { Notice } from '../../lib/report';

/** What only the sign-in chunk tells the user: a refused sign-in, a session that ended. */
export const SESSION_NOTICES = {
  signInCancelled: {
    kind: 'error',
    messageId: 'snxt.auth.signInCancelled',
    defaultMessage: 'Sign-in was cancelled.',
  },
  sessionExpired: {
    kind: 'error',
    messageId: 'snxt.auth.sessionExpired',
    defaultMessage: 'Your session has ended. Please sign in again.',
  },
} as const satisfies Record<string, Notice>;
