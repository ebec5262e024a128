import { signal } from '@preact/signals-react';
import { act, render, screen } from '@testing-library/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../config/constants';
import { AppIntlProvider } from './intl-provider';
import { createMessagesLoader, type LoadedMessages } from './load-messages';

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

/** The messages on screen as the app's i18n model keeps them: each language's file, loaded when chosen. */
function startWith(initial: Language) {
  const messages = signal<LoadedMessages | null>(null);
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/de.json') ? new Response(JSON.stringify(DE)) : new Response(JSON.stringify(EN)),
  );
  const load = createMessagesLoader(fetchImpl);
  const changeLanguage = (language: Language) => void load(language).then((loaded) => (messages.value = loaded));
  changeLanguage(initial);
  return { model: { messages }, changeLanguage };
}

describe('AppIntlProvider', () => {
  it('renders nothing until the first messages arrive, so raw keys never flash', async () => {
    const { model: i18n } = startWith('en');
    const { container } = render(
      <AppIntlProvider messages={i18n.messages}>
        <Texts />
      </AppIntlProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(await screen.findByText('Settings')).toBeVisible();
  });

  it('falls back from the language to English, then to the key itself, without console noise', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const { model: i18n } = startWith('de');
    render(
      <AppIntlProvider messages={i18n.messages}>
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
    const { model: i18n, changeLanguage } = startWith('en');
    render(
      <AppIntlProvider messages={i18n.messages}>
        <Texts />
      </AppIntlProvider>,
    );
    expect(await screen.findByText('Costs $12.50')).toBeVisible();
    act(() => {
      changeLanguage('de');
    });
    expect(await screen.findByText(/^Kostet 12,50\s\$$/)).toBeVisible();
  });
});
