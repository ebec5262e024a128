import { act, render, screen } from '@testing-library/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSettingsState } from '../state/settings';
import { activeMessages, startI18n } from './i18n-state';
import { AppIntlProvider } from './intl-provider';
import { createMessagesLoader } from './load-messages';

const EN = { 'snxt.menu.settings': 'Settings', 'snxt.settings.theme': 'Theme', 'snxt.x.price': 'Costs {price}' };
const DE = { 'snxt.menu.settings': 'Einstellungen', 'snxt.x.price': 'Kostet {price}' };

function Texts() {
  const intl = useIntl();
  return (
    <ul>
      <li>{intl.formatMessage({ id: 'snxt.menu.settings' })}</li>
      <li>{intl.formatMessage({ id: 'snxt.settings.theme' })}</li>
      <li>{intl.formatMessage({ id: 'snxt.nowhere.atAll' })}</li>
      <li>
        <FormattedMessage id="snxt.x.price" values={{ price: intl.formatNumber(12.5, { format: 'currency' }) }} />
      </li>
    </ul>
  );
}

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  activeMessages.value = null;
});

function startWith(language: 'en' | 'de') {
  const settings = createSettingsState({ language });
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/de.json') ? new Response(JSON.stringify(DE)) : new Response(JSON.stringify(EN)),
  );
  stop = startI18n(settings, document.documentElement, createMessagesLoader(fetchImpl));
  return settings;
}

describe('AppIntlProvider', () => {
  it('renders nothing until the first messages arrive, so raw keys never flash', async () => {
    startWith('en');
    const { container } = render(
      <AppIntlProvider>
        <Texts />
      </AppIntlProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(await screen.findByText('Settings')).toBeVisible();
  });

  it('falls back from the language to English, then to the key itself, without console noise', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    startWith('de');
    render(
      <AppIntlProvider>
        <Texts />
      </AppIntlProvider>,
    );
    expect(await screen.findByText('Einstellungen')).toBeVisible();
    expect(screen.getByText('Theme')).toBeVisible();
    expect(screen.getByText('snxt.nowhere.atAll')).toBeVisible();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('formats currency as US dollars in the active locale and re-renders on a language change', async () => {
    const settings = startWith('en');
    render(
      <AppIntlProvider>
        <Texts />
      </AppIntlProvider>,
    );
    expect(await screen.findByText('Costs $12.50')).toBeVisible();
    act(() => {
      settings.changeLanguage('de');
    });
    expect(await screen.findByText(/^Kostet 12,50\s\$$/)).toBeVisible();
    expect(document.documentElement.lang).toBe('de');
  });
});
