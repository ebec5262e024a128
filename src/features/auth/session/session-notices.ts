import type { Notice } from '../../../lib/notice-bus';

// Only the sign-in chunk says these, so they load with it.
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
  storageNeeded: {
    kind: 'error',
    messageId: 'snxt.auth.storageNeeded',
    defaultMessage: 'Sign-in needs this browser to store data for this site.',
  },
} as const satisfies Record<string, Notice>;
