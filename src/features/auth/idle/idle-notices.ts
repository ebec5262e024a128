import type { Notice } from '../../../lib/notice-bus';

export const IDLE_NOTICES = {
  // Until dismissed: whoever reads it has been away.
  signedOutInactive: {
    kind: 'info',
    messageId: 'snxt.auth.signedOutInactive',
    defaultMessage: 'You were signed out because you were inactive.',
    durationMs: 0,
  },
} as const satisfies Record<string, Notice>;
