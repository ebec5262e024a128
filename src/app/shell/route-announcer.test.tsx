import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { env } from '../../config/env';
import { renderApp } from '../../test/render-app';

const heading = () => within(screen.getByRole('main')).getByRole('heading', { level: 1 });
const toolbarLink = (name: string) =>
  within(screen.getByRole('banner')).getByRole('link', { name: (linkName) => linkName.includes(name) });

describe('RouteAnnouncer', () => {
  it('leaves focus and the live region alone on the first load', async () => {
    await renderApp();
    expect(heading()).not.toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('moves focus to the new heading and announces the page title after a navigation', async () => {
    const { userEvent } = await renderApp();
    const homeTitle = heading().textContent;
    await userEvent.click(toolbarLink('Settings'));
    const settings = await within(screen.getByRole('main')).findByRole('heading', { level: 1, name: 'Settings' });
    // Generous: the real Settings page's code loads on the first visit, slowly on a busy machine.
    await waitFor(() => expect(settings).toHaveFocus(), { timeout: 5000 });
    expect(screen.getByRole('status')).toHaveTextContent(`Settings - ${env.appName}`);
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');

    // The logo link: its name holds the Home page's heading, the app's long title.
    await userEvent.click(toolbarLink(homeTitle));
    await waitFor(() => expect(heading()).toHaveFocus(), { timeout: 5000 });
    expect(heading()).toHaveTextContent(homeTitle);
    expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^${env.appName}$`));
  });

  it('does not move focus when only the search changes', async () => {
    const { router } = await renderApp();
    const link = toolbarLink('Settings');
    link.focus();
    await act(() => router.navigate({ to: '/', search: { q: 1 } as never }));
    expect(link).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
