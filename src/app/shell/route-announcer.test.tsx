import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { PageHeading } from '../../components/page-heading';
import { env } from '../../config/env';
import { RouteAnnouncer } from './route-announcer';

function renderApp() {
  const root = createRootRoute({
    component: () => (
      <>
        <nav>
          <Link to="/">Home link</Link>
          <Link to="/settings">Settings link</Link>
        </nav>
        <main>
          <Outlet />
        </main>
        <RouteAnnouncer />
      </>
    ),
  });
  const page = (path: string, heading: string, titleKey?: string) =>
    createRoute({
      getParentRoute: () => root,
      path,
      staticData: titleKey ? { titleKey } : {},
      component: () => <PageHeading>{heading}</PageHeading>,
    });
  const router = createRouter({
    routeTree: root.addChildren([page('/', 'Welcome'), page('/settings', 'Settings page', 'snxt.menu.settings')]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <IntlProvider locale="en" messages={{ 'snxt.menu.settings': 'Settings' }}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  return router;
}

describe('RouteAnnouncer', () => {
  it('leaves focus and the live region alone on the first load', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Welcome' })).not.toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('moves focus to the new heading and announces the page title after a navigation', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Welcome' });
    await userEvent.click(screen.getByRole('link', { name: 'Settings link' }));
    const heading = await screen.findByRole('heading', { name: 'Settings page' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(`Settings - ${env.appName}`);
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');

    await userEvent.click(screen.getByRole('link', { name: 'Home link' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^${env.appName}$`));
  });

  it('does not move focus when only the search changes', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Welcome' });
    const link = screen.getByRole('link', { name: 'Home link' });
    link.focus();
    await act(() => router.navigate({ to: '/', search: { q: 1 } as never }));
    expect(link).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
