import { createRootRoute, createRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '../../test/render-app';
import { navEntries, type NavPlacement } from './route-meta';

// The app has no page for some groups, nor a page below another: the cases navEntries must get right.
function appRouter() {
  const rootRoute = createRootRoute();
  const staff = createRoute({
    getParentRoute: () => rootRoute,
    path: '/staff',
    staticData: { titleKey: 'staff', nav: 'main', requiresGroups: ['staff'] },
  });
  const routes = [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/settings',
      staticData: { titleKey: 'settings', nav: 'drawer' },
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/account',
      staticData: { titleKey: 'account', nav: 'main', requiresAuth: true },
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/editors',
      staticData: { titleKey: 'editors', nav: 'main', requiresGroups: ['editors', 'admins'] },
    }),
    staff.addChildren([
      createRoute({ getParentRoute: () => staff, path: '/reports', staticData: { titleKey: 'reports', nav: 'main' } }),
    ]),
  ];
  return createTestRouter('/', rootRoute.addChildren(routes));
}

const SIGNED_OUT = { isAuthenticated: false, user: null };
const member = (...groups: string[]) => ({ isAuthenticated: true, user: { sub: 'user-1', groups } });
const labels = (visitor: Parameters<typeof navEntries>[2], placements: NavPlacement[] = ['main', 'drawer']) =>
  navEntries(appRouter(), placements, visitor).map((entry) => entry.labelKey);

describe('navEntries', () => {
  it('lists the pages of the given places', () => {
    expect(labels(member('editors', 'staff'), ['drawer'])).toEqual(['settings']);
  });

  it('hides pages for groups the user is not in, and those below them', () => {
    expect(labels(member('editors', 'staff'))).toEqual(['settings', 'account', 'editors', 'staff', 'reports']);
    expect(labels(member('admins'))).toEqual(['settings', 'account', 'editors']);
    expect(labels(member())).toEqual(['settings', 'account']);
  });

  it('hides pages for groups from a signed-out visitor, and keeps those for anyone signed in', () => {
    expect(labels(SIGNED_OUT)).toEqual(['settings', 'account']);
  });
});
