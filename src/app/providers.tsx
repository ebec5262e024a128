import type { ReactNode } from 'react';
import { AppIntlProvider } from '../i18n/intl-provider';
import { i18n } from '../state/app-state';
import { AppToaster } from './app-toaster';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <AppIntlProvider messages={i18n.messages}>{children}</AppIntlProvider>
      {/* Outside the intl provider: errors must show even before (or without) loaded messages. */}
      <AppToaster />
    </>
  );
}
