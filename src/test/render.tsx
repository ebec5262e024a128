import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import en from '../../public/assets/i18n/en.json';

export function renderWithIntl(ui: ReactElement, options?: RenderOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale="en-US" messages={en}>
      {children}
    </IntlProvider>
  );
  return render(ui, { wrapper, ...options });
}
