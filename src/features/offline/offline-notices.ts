import type { Notice } from '../../lib/notice-bus';

export const updateAvailableNotice = (reload: () => void): Notice => ({
  kind: 'default',
  messageId: 'snxt.update.available',
  defaultMessage: 'A new version is available.',
  action: { labelId: 'snxt.update.reload', defaultLabel: 'Reload', run: reload },
});
