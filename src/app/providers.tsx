import type { ReactNode } from 'react';
import type { LoadedMessages } from '../i18n/load-messages';
import { AppIntlProvider } from '../i18n/intl-provider';
import { i18n } from '../features/settings';
import { AppToaster } from '../features/notifications';

export function AppProviders({
  hydrationMessages = null,
  children,
}: {
  hydrationMessages?: LoadedMessages | null;
  children: ReactNode;
}) {
  const { messages, textShown } = i18n();
  return (
    <>
      <AppIntlProvider messages={messages} snapshot={hydrationMessages} onShown={textShown}>
        {children}
      </AppIntlProvider>
      {/* Outside the intl provider: errors must show even before (or without) loaded messages. */}
      <AppToaster messages={messages} />
    </>
  );
}
