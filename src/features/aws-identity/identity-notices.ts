import type { Notice } from '../../lib/notice-bus';

export const AWS_NOTICES = {
  unavailable: {
    kind: 'warning',
    messageId: 'snxt.aws.unavailable',
    defaultMessage: 'AWS access is not available right now.',
  },
} as const satisfies Record<string, Notice>;
