import { describe, expect, it } from 'vitest';
import { offersRoute, routeAccess, type AccessNeeds } from './route-access';

const SIGNED_OUT = { isAuthenticated: false, user: null };
const member = (...groups: string[]) => ({
  isAuthenticated: true,
  user: { sub: 'user-1', ...(groups.length > 0 ? { groups } : {}) },
});
// A root route without needs, then the page's own route.
const page = (needs: AccessNeeds) => [{}, needs];

describe('routeAccess', () => {
  it('opens a page without needs to everyone', () => {
    expect(routeAccess(page({}), SIGNED_OUT, false)).toBe('open');
    expect(routeAccess([undefined], member(), false)).toBe('open');
  });

  it('sends a signed-out visitor to sign in for a page that needs sign-in or a group, and for every page when sign-in is mandatory', () => {
    expect(routeAccess(page({ requiresAuth: true }), SIGNED_OUT, false)).toBe('sign-in');
    expect(routeAccess(page({ requiresGroups: ['editors'] }), SIGNED_OUT, false)).toBe('sign-in');
    expect(routeAccess(page({}), SIGNED_OUT, true)).toBe('sign-in');
  });

  it('opens a page that needs sign-in to anyone signed in', () => {
    expect(routeAccess(page({ requiresAuth: true }), member(), false)).toBe('open');
    expect(routeAccess(page({}), member(), true)).toBe('open');
  });

  it('opens a page for some groups to a member of any of them, and to nobody else', () => {
    const editorsOrAdmins = page({ requiresGroups: ['editors', 'admins'] });
    expect(routeAccess(editorsOrAdmins, member('admins'), false)).toBe('open');
    expect(routeAccess(editorsOrAdmins, member('readers', 'editors'), false)).toBe('open');
    expect(routeAccess(editorsOrAdmins, member('readers'), false)).toBe('no-access');
    expect(routeAccess(editorsOrAdmins, member(), false)).toBe('no-access');
  });

  it("needs each route's groups along the way: a parent's and the page's", () => {
    const nested = [{}, { requiresGroups: ['staff'] }, { requiresGroups: ['editors'] }];
    expect(routeAccess(nested, member('staff', 'editors'), false)).toBe('open');
    expect(routeAccess(nested, member('editors'), false)).toBe('no-access');
    expect(routeAccess(nested, member('staff'), false)).toBe('no-access');
  });

  it('matches group names exactly: no case folding, no prefixes, no inherited names', () => {
    const editors = page({ requiresGroups: ['editors'] });
    expect(routeAccess(editors, member('Editors'), false)).toBe('no-access');
    expect(routeAccess(editors, member('editor'), false)).toBe('no-access');
    expect(routeAccess(page({ requiresGroups: ['constructor'] }), member(), false)).toBe('no-access');
    expect(routeAccess(page({ requiresGroups: ['toString', '__proto__'] }), member('x'), false)).toBe('no-access');
  });

  it('admits nobody to a page whose requiresGroups is empty or not a list of names', () => {
    for (const requiresGroups of [[], 'editors', [7], null]) {
      const needs = page({ requiresGroups } as unknown as AccessNeeds);
      expect(routeAccess(needs, SIGNED_OUT, false)).toBe('sign-in');
      expect(routeAccess(needs, member('editors'), false)).toBe('no-access');
    }
  });

  it('takes only a real true for requiresAuth', () => {
    expect(routeAccess(page({ requiresAuth: 'yes' } as unknown as AccessNeeds), SIGNED_OUT, false)).toBe('open');
  });

  it('counts a "signed in" without a user, and nobody (null), as signed out', () => {
    expect(routeAccess(page({ requiresAuth: true }), { isAuthenticated: true, user: null }, false)).toBe('sign-in');
    expect(routeAccess(page({ requiresGroups: ['editors'] }), null, false)).toBe('sign-in');
    expect(routeAccess(page({}), null, false)).toBe('open');
  });
});

describe('a page for one permission (requires)', () => {
  const table = { 'notes:delete': ['editors', 'admins'], 'notes:export': [] };
  // The app's own table has other names: these tests bring theirs.
  const needing = (requires: unknown) => ({ requires }) as unknown as AccessNeeds;
  const access = (needs: AccessNeeds, visitor: Parameters<typeof routeAccess>[1]) =>
    routeAccess(page(needs), visitor, false, table);

  it('opens to a member of a group that holds the permission, and to nobody else', () => {
    const needs = needing('notes:delete');
    expect(access(needs, member('admins'))).toBe('open');
    expect(access(needs, member('readers', 'editors'))).toBe('open');
    expect(access(needs, member('readers'))).toBe('no-access');
    expect(access(needs, member())).toBe('no-access');
    expect(access(needs, SIGNED_OUT)).toBe('sign-in');
    expect(access(needs, null)).toBe('sign-in');
  });

  it('admits nobody for a permission the table does not have or nobody holds, inherited names included', () => {
    for (const requires of ['notes:export', 'notes:update', '__proto__', 'constructor', 'toString', 'NOTES:DELETE']) {
      expect(access(needing(requires), member('editors', '__proto__'))).toBe('no-access');
    }
  });

  it('admits nobody when requires is not a permission name', () => {
    for (const requires of [['notes:delete'], 7, null, '']) {
      const needs = needing(requires);
      expect(access(needs, SIGNED_OUT)).toBe('sign-in');
      expect(access(needs, member('editors'))).toBe('no-access');
    }
  });

  it("needs the parent's permission and the page's", () => {
    const nested = [{}, needing('notes:delete'), { requiresGroups: ['staff'] }];
    expect(routeAccess(nested, member('editors', 'staff'), false, table)).toBe('open');
    expect(routeAccess(nested, member('staff'), false, table)).toBe('no-access');
    expect(routeAccess(nested, member('editors'), false, table)).toBe('no-access');
  });

  it('is offered in lists only to those who hold it', () => {
    const needs = page(needing('notes:delete'));
    expect(offersRoute(needs, member('editors'), table)).toBe(true);
    expect(offersRoute(needs, member('readers'), table)).toBe(false);
    expect(offersRoute(needs, SIGNED_OUT, table)).toBe(false);
  });
});

describe('offersRoute (navigation, and anything else that lists pages)', () => {
  it('offers a page for some groups only to their members: not to others, nor to a signed-out visitor', () => {
    const editors = page({ requiresGroups: ['editors'] });
    expect(offersRoute(editors, member('editors'))).toBe(true);
    expect(offersRoute(editors, member('readers'))).toBe(false);
    expect(offersRoute(editors, SIGNED_OUT)).toBe(false);
    expect(offersRoute(editors, null)).toBe(false);
    expect(offersRoute(editors, { isAuthenticated: false, user: { sub: 'stale', groups: ['editors'] } })).toBe(false);
  });

  it('offers every other page, also one that needs sign-in', () => {
    expect(offersRoute(page({}), SIGNED_OUT)).toBe(true);
    expect(offersRoute(page({ requiresAuth: true }), SIGNED_OUT)).toBe(true);
  });
});
