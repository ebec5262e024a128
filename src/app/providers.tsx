import type { ReactNode } from 'react';
import { TooltipProvider } from '../components/ui/tooltip';
import { AppIntlProvider } from '../i18n/intl-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppIntlProvider>
      <TooltipProvider>{children}</TooltipProvider>
    </AppIntlProvider>
  );
}
