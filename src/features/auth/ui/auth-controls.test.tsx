import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { env } from '../../../config/env';
import { appStorage } from '../../../lib/storage';
import { renderSnapshotFirst, snapshotDone } from '../../../lib/use-hydrated';
import { auth } from '../auth-model';
import { signal } from '@preact/signals-react';
import type { Language } from '../../../config/constants';
import { prerenderApp, renderApp, type RenderAppOptions } from '../../../test/render-app';
import { TEST_OIDC } from '../../../test/oidc';
import type { ConnectedSession } from '../session/session';
import { runSignIn } from '../sign-in';
import { SignInModel } from '../sign-in-model';
import { AuthControls } from './auth-controls';

const PROFILE = { sub: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' };

const controls = (enabled = true) => (
  <>
    <a href="/before">Before</a>
    <AuthControls enabled={enabled} />
    <a href="/after">After</a>
  </>
);

const renderControls = (options: RenderAppOptions = {}, enabled = true) =>
  renderApp(controls(enabled), { url: '/settings', ...options });

/** The sign-in chunk, faked: what Login and Logout hand over to. */
function fakeSession() {
  const session = { login: vi.fn(async () => undefined), endSession: vi.fn(async () => undefined) };
  const loadSession = async () => ({ session }) as unknown as ConnectedSession;
  const model = new SignInModel({
    auth: auth(),
    storage: appStorage(),
    oidc: TEST_OIDC,
    location: window.location,
    language: signal<Language>('en'),
    loadSession,
  });
  onTestFinished(runSignIn(model));
  return session;
}

/** The placeholder is disabled until the menu's code has loaded and replaced it. */
const enabledMenuButton = () =>
  vi.waitFor(() => {
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button).toBeEnabled();
    return button;
    // Generous: transforming the menu's code on a busy machine can take a while.
  }, 5000);

describe('AuthControls', () => {
  it('renders nothing when sign-in is not configured', async () => {
    await renderControls({}, false);
    expect(screen.getByRole('link', { name: 'Before' })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is in the prerendered page as Login whoever is signed in, marked for hiding from a stored signed-in visitor', async () => {
    const html = await prerenderApp(<AuthControls enabled />, { user: PROFILE });
    expect(html).toMatch(/<button [^>]*data-signed-out-only=""[^>]*>.*Login<\/span><\/button>/);
  });

  it('shows Login, no longer marked, to a signed-out visitor once the app runs', async () => {
    renderSnapshotFirst();
    onTestFinished(snapshotDone);
    await renderControls();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Login' })).not.toHaveAttribute('data-signed-out-only'),
    );
  });

  it('shows Login when signed out and starts the hosted sign-in on click', async () => {
    const { userEvent } = await renderControls();
    const session = fakeSession();
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(session.login).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
  });

  it('follows the auth state: the user menu replaces Login after sign-in and shows the name', async () => {
    await renderControls();
    await screen.findByRole('button', { name: 'Login' });
    act(() => void auth().loginSuccess(PROFILE));
    const menuButton = await screen.findByRole('button', { name: 'User menu' });
    expect(menuButton).toHaveTextContent('Ada Lovelace');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('keeps the menu button pattern: items out of the tab order, Up Arrow opens on the last item, arrows wrap, Tab moves on', async () => {
    const { userEvent } = await renderControls({ user: PROFILE });
    const menuButton = await enabledMenuButton();
    const items = () => within(screen.getByRole('menu')).getAllByRole('menuitem');

    menuButton.focus();
    await userEvent.keyboard('{ArrowUp}');
    await vi.waitFor(() => expect(items()[1]).toHaveFocus());
    expect(items().map((item) => item.getAttribute('tabindex'))).toEqual(['-1', '-1']);
    await userEvent.keyboard('{ArrowDown}');
    expect(items()[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(items()[1]).toHaveFocus();

    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('link', { name: 'After' })).toHaveFocus();
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    menuButton.focus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(items()[0]).toHaveFocus());
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('link', { name: 'Before' })).toHaveFocus();
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens the user menu from the keyboard; Logout signs out at once, ends the session and goes home', async () => {
    const { router, userEvent } = await renderControls();
    const { endSession } = fakeSession();
    act(() => void auth().loginSuccess(PROFILE));
    const menuButton = await enabledMenuButton();
    menuButton.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    // Profile above Logout; the first item has focus.
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Logout']);
    await vi.waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(auth().state.value).toEqual({ isAuthenticated: false, user: null });
    await vi.waitFor(() => expect(endSession).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), 5000);
  });

  it('offers Add a passkey between Profile and Logout, opening the managed login page for it, with a Cognito domain', async () => {
    const cognitoDomain = 'https://snxt-example.auth.eu-west-1.amazoncognito.com';
    vi.spyOn(env, 'oidc', 'get').mockReturnValue({ ...TEST_OIDC, clientId: 'client 1&x', cognitoDomain });
    const { userEvent } = await renderControls({ user: PROFILE });
    (await enabledMenuButton()).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await vi.waitFor(() => expect(items[0]).toHaveFocus());
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'Add a passkey', 'Logout']);
    const href = new URL(within(menu).getByRole('menuitem', { name: 'Add a passkey' }).getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe(`${cognitoDomain}/passkeys/add`);
    expect([...href.searchParams]).toEqual([
      ['client_id', 'client 1&x'],
      ['redirect_uri', `${window.location.origin}/`],
    ]);
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
  });

  it('has no Add a passkey without a Cognito domain (a standard provider has no such page)', async () => {
    vi.spyOn(env, 'oidc', 'get').mockReturnValue(TEST_OIDC);
    const { userEvent } = await renderControls({ user: PROFILE });
    await userEvent.click(await enabledMenuButton());
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Logout']);
    expect(within(menu).queryByRole('menuitem', { name: 'Add a passkey' })).toBeNull();
  });
});
