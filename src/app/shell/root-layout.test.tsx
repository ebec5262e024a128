import { createRootRoute, createRoute, Link } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeading } from '../../components/page-heading';
import { auth } from '../../features/auth';
import { renderApp } from '../../test/render-app';
import { RootLayout } from './root-layout';

const member = (...groups: string[]) => ({ sub: 'user-1', groups });

// The app has no page for some groups: this tree adds one under the real layout.
const root = createRootRoute({ component: RootLayout });
const routeTree = root.addChildren([
  createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <>
        <PageHeading>Welcome</PageHeading>
        <Link to={'/editors' as '/'}>To the editors</Link>
      </>
    ),
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/editors',
    staticData: { titleKey: 'snxt.menu.profile', nav: 'main', requiresGroups: ['editors', 'admins'] },
    component: () => <PageHeading>Editors only</PageHeading>,
  }),
]);

const main = () => screen.getByRole('main');
const rendered = () => screen.findByRole('main');
const mainLinks = () => within(screen.getByRole('banner')).getByRole('navigation');

describe('the root layout on a page for some groups', () => {
  it('shows a member of any of them the page, and its navigation entry', async () => {
    await renderApp(undefined, { url: '/editors', user: member('readers', 'admins'), routeTree });
    expect(await within(await rendered()).findByRole('heading', { level: 1, name: 'Editors only' })).toBeVisible();
    expect(within(mainLinks()).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/editors');
  });

  it('shows anyone else, in place, "No access" with a way home; the page and its entry stay hidden', async () => {
    const { router } = await renderApp(undefined, { url: '/editors', user: member('readers'), routeTree });
    expect(await within(await rendered()).findByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(main()).toHaveTextContent("You don't have access to this page.");
    expect(within(main()).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Editors only')).toBeNull();
    expect(within(mainLinks()).queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(router.state.location.pathname).toBe('/editors');
  });

  it('after a navigation there, moves focus to "No access" and keeps the address', async () => {
    const { router, userEvent } = await renderApp(undefined, { user: member(), routeTree });
    await userEvent.click(await screen.findByRole('link', { name: 'To the editors' }));
    const heading = await within(main()).findByRole('heading', { level: 1, name: 'No access' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(router.state.location.pathname).toBe('/editors');
  });

  it('follows the signed-in user: joining a group opens the page, signing in as someone outside closes it', async () => {
    await renderApp(undefined, { url: '/editors', user: member(), routeTree });
    await within(await rendered()).findByRole('heading', { name: 'No access' });
    act(() => void auth().loginSuccess({ sub: 'user-1', groups: ['editors'] }));
    expect(await within(main()).findByRole('heading', { name: 'Editors only' })).toBeVisible();
    expect(within(mainLinks()).getByRole('link', { name: 'Profile' })).toBeVisible();
    act(() => void auth().loginSuccess({ sub: 'user-2' }));
    expect(await within(main()).findByRole('heading', { name: 'No access' })).toBeVisible();
    expect(within(mainLinks()).queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('shows nothing of the page to a signed-out visitor', async () => {
    await renderApp(undefined, { url: '/editors', routeTree });
    await rendered();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Editors only')).toBeNull();
    expect(screen.queryByText('No access')).toBeNull();
    expect(within(mainLinks()).queryByRole('link', { name: 'Profile' })).toBeNull();
  });
});
