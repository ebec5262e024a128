import { Toaster, type Translate } from '../components/ui/toaster';
import { activeMessages } from '../i18n/i18n-state';
import { notifications } from '../state/app-state';

/** The app's toasts, translated when messages have loaded and in English until then. */
export function AppToaster() {
  const messages = activeMessages.value?.messages;
  const translate: Translate = (messageId, defaultMessage) => messages?.[messageId] ?? defaultMessage;
  return <Toaster store={notifications} translate={translate} />;
}
