import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import messages from '../../../public/assets/i18n/en.json';
import { auth } from '../../state/app-state';
import { AuthControls } from './auth-controls';

const PROFILE = { sub: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' };

function renderControls(enabled = true) {
  const rootRoute = createRootRoute({ component: () => <AuthControls enabled={enabled} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/settings'] }),
  });
  render(
    <IntlProvider locale="en" messages={messages}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  return router;
}

afterEach(() => {
  act(() => void auth.reset(null));
  auth.hooks.startLogin = undefined;
  auth.hooks.endSession = undefined;
});

describe('AuthControls', () => {
  it('renders nothing when sign-in is not configured', async () => {
    renderControls(false);
    await act(async () => undefined);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows Login when signed out and starts the hosted sign-in on click', async () => {
    const startLogin = vi.fn();
    auth.hooks.startLogin = startLogin;
    renderControls();
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(startLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
  });

  it('follows the auth state: the user menu replaces Login after sign-in and shows the name', async () => {
    renderControls();
    await screen.findByRole('button', { name: 'Login' });
    act(() => void auth.loginSuccess(PROFILE));
    const menuButton = await screen.findByRole('button', { name: 'User menu' });
    expect(menuButton).toHaveTextContent('Ada Lovelace');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('opens the user menu from the keyboard; Logout signs out at once, ends the session and goes home', async () => {
    const endSession = vi.fn();
    auth.hooks.endSession = endSession;
    act(() => void auth.loginSuccess(PROFILE));
    const router = renderControls();
    // The placeholder is disabled until the menu's code has loaded and replaced it.
    const menuButton = await vi.waitFor(() => {
      const button = screen.getByRole('button', { name: 'User menu' });
      expect(button).toBeEnabled();
      return button;
      // Generous: transforming the menu's code on a busy machine can take a while.
    }, 5000);
    menuButton.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(auth.state.value).toEqual({ isAuthenticated: false, user: null });
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), 5000);
  });
});
