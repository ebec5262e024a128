import { createRootRoute, createRoute } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '../../features/auth';
import { createTestRouter } from '../../test/render-app';
import { startTestState } from '../../test/test-state';
import { pageCommands } from './page-commands';

// Besides pages like the app's: one for some groups, one with a parameter and one without a name, which it lacks.
function appRouter() {
  const rootRoute = createRootRoute();
  const page = (path: string, staticData: object) => createRoute({ getParentRoute: () => rootRoute, path, staticData });
  const routes = [
    page('/', { commandKey: 'home' }),
    page('/settings', { titleKey: 'settings', nav: 'drawer' }),
    page('/profile', { titleKey: 'profile', requiresAuth: true }),
    page('/staff', { titleKey: 'staff', requiresGroups: ['staff'] }),
    page('/items/$id', { titleKey: 'item' }),
    page('/untitled', {}),
  ];
  return createTestRouter('/', rootRoute.addChildren(routes));
}

const offered = (router = appRouter()) => pageCommands({ router }).map((command) => command.labelKey);

describe('pageCommands', () => {
  beforeEach(() => {
    startTestState();
  });

  it('offers every named page a signed-out visitor may open, under its title or command name', () => {
    expect(offered()).toEqual(['home', 'settings']);
  });

  it('offers the pages for signed-in users and for the groups the user is in, no others', () => {
    auth().loginSuccess({ sub: 'user-1' });
    expect(offered()).toEqual(['home', 'settings', 'profile']);
    auth().loginSuccess({ sub: 'user-1', groups: ['staff'] });
    expect(offered()).toEqual(['home', 'settings', 'profile', 'staff']);
  });

  it('navigates to the page', async () => {
    const router = appRouter();
    await router.load();
    pageCommands({ router })
      .find((command) => command.labelKey === 'settings')!
      .run();
    await expect.poll(() => router.state.location.pathname).toBe('/settings');
  });
});
