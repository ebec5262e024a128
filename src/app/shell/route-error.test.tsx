import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../public/assets/i18n/en.json';
import { connectReporter } from '../../lib/notice-bus';
import { reportRouteError, RouteError } from './route-error';

function renderApp(path: string) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <header>Toolbar</header>
        <main>
          <Outlet />
        </main>
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Home</h1> });
  const broken = createRoute({
    getParentRoute: () => rootRoute,
    path: '/broken',
    component: () => {
      throw new Error('render failed');
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, broken]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: RouteError,
    defaultOnCatch: reportRouteError,
  });
  render(
    <IntlProvider locale="en" messages={en}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

describe('route error boundary', () => {
  let disconnect = () => {};
  afterEach(() => disconnect());

  it('keeps the shell, reports the error and offers a way home', async () => {
    // React logs errors caught by a boundary; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchIcon = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const reporter = { error: vi.fn(), notice: vi.fn() };
    disconnect = connectReporter(reporter);
    renderApp('/broken');

    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
    expect(screen.getByRole('banner')).toHaveTextContent('Toolbar');
    expect(reporter.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), 'Page failed');
    await waitFor(() =>
      expect(fetchIcon).toHaveBeenCalledWith('/assets/icons/home.svg', expect.objectContaining({ method: 'GET' })),
    );

    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeVisible();
  });
});
