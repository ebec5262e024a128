import type { Notice } from '../../lib/report';

/** The snack bar shown when a new version of the app is installed and waiting. */
export const updateAvailableNotice = (reload: () => void): Notice => ({
  kind: 'default',
  messageId: 'snxt.update.available',
  defaultMessage: 'A new version is available.',
  action: { labelId: 'snxt.update.reload', defaultLabel: 'Reload', run: reload },
});
