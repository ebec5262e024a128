import type { Notice } from '../lib/report';

/** What the user is told when AWS credentials cannot be had. */
export const AWS_NOTICES = {
  unavailable: {
    kind: 'warning',
    messageId: 'snxt.aws.unavailable',
    defaultMessage: 'AWS access is not available right now.',
  },
} as const satisfies Record<string, Notice>;
