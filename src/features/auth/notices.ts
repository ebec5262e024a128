import type { Notice } from '../../lib/report';

/** What the user is told when sign-in or sign-out goes wrong (the first load says these). */
export const AUTH_NOTICES = {
  signInFailed: {
    kind: 'error',
    messageId: 'snxt.auth.signInFailed',
    defaultMessage: 'Sign-in did not complete. Please try again.',
  },
  callbackIgnored: {
    kind: 'warning',
    messageId: 'snxt.auth.callbackIgnored',
    defaultMessage: 'That sign-in link is not valid or has already been used. Nothing changed.',
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
