import type { Notice } from '../../../lib/notice-bus';

export const I18N_NOTICES = {
  loadFailed: {
    kind: 'warning',
    messageId: 'snxt.i18n.loadFailed',
    defaultMessage: 'Some translations could not be loaded, so some texts are shown in English.',
  },
} as const satisfies Record<string, Notice>;
