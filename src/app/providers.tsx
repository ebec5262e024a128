import type { ReactNode } from 'react';
import { AppIntlProvider } from '../i18n/intl-provider';
import { AppToaster } from './app-toaster';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <AppIntlProvider>{children}</AppIntlProvider>
      {/* Outside the intl provider: errors must show even before (or without) loaded messages. */}
      <AppToaster />
    </>
  );
}
