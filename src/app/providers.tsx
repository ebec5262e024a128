import type { ReactNode } from 'react';
import type { LoadedMessages } from '../i18n/load-messages';
import { AppIntlProvider } from '../i18n/intl-provider';
import { i18n } from './app-state';
import { AppToaster } from '../features/notifications/notice-toaster';

export function AppProviders({
  hydrationMessages = null,
  children,
}: {
  hydrationMessages?: LoadedMessages | null;
  children: ReactNode;
}) {
  return (
    <>
      <AppIntlProvider messages={i18n.messages} snapshot={hydrationMessages} onShown={i18n.textShown}>
        {children}
      </AppIntlProvider>
      {/* Outside the intl provider: errors must show even before (or without) loaded messages. */}
      <AppToaster />
    </>
  );
}
