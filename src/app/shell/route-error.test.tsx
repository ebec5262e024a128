import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

// The app's Settings page, made to fail as it renders.
vi.mock('../../features/settings', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../features/settings')>()),
  SettingsPage: () => {
    throw new Error('render failed');
  },
}));

describe('route error boundary', () => {
  it('keeps the shell, reports the error and offers a way home', async () => {
    // React logs errors caught by a boundary; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchIcon = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const { router, userEvent } = await renderApp(undefined, { url: '/settings' });

    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Settings' })).toBeVisible();
    expect(consoleError).toHaveBeenCalledWith('Page failed:', expect.objectContaining({ message: 'render failed' }));
    expect(await screen.findByText('An error occurred. See console for details.')).toBeVisible();
    await waitFor(() =>
      expect(fetchIcon).toHaveBeenCalledWith('/assets/icons/home.svg', expect.objectContaining({ method: 'GET' })),
    );

    await userEvent.click(main.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(main.queryByRole('heading', { name: 'This page could not be shown' })).toBeNull());
    expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
