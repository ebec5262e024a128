import type { Notice } from '../../lib/report';

/** What the user is told when sign-in or the session goes wrong. */
export const AUTH_NOTICES = {
  signInFailed: {
    kind: 'error',
    messageId: 'snxt.auth.signInFailed',
    defaultMessage: 'Sign-in did not complete. Please try again.',
  },
  signInCancelled: {
    kind: 'error',
    messageId: 'snxt.auth.signInCancelled',
    defaultMessage: 'Sign-in was cancelled.',
  },
  callbackIgnored: {
    kind: 'warning',
    messageId: 'snxt.auth.callbackIgnored',
    defaultMessage: 'That sign-in link is not valid or has already been used. Nothing changed.',
  },
  sessionExpired: {
    kind: 'error',
    messageId: 'snxt.auth.sessionExpired',
    defaultMessage: 'Your session has ended. Please sign in again.',
  },
  providerUnavailable: {
    kind: 'error',
    messageId: 'snxt.auth.providerUnavailable',
    defaultMessage: 'The sign-in service cannot be reached right now. Please try again later.',
  },
  signOutIncomplete: {
    kind: 'warning',
    messageId: 'snxt.auth.signOutIncomplete',
    defaultMessage: 'You are signed out here, but the sign-in service could not be reached to end its session.',
  },
} as const satisfies Record<string, Notice>;
