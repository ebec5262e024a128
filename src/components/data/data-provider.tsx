import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { dataClient } from './data-client';

/** The data pages' query client: it loads with them, never with the first page. */
export function DataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={dataClient()}>{children}</QueryClientProvider>;
}
