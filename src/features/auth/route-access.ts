import { env } from '../../config/env';
import { groupsMay, PERMISSIONS, type Permission, type PermissionTable } from '../../config/permissions';
import type { AuthState } from './auth-model';

export interface AccessNeeds {
  requiresAuth?: boolean;
  /** Any of these groups (`cognito:groups`); signed in is needed too. */
  requiresGroups?: readonly string[];
  /** A permission (config/permissions.ts) one of the user's groups holds; signed in is needed too. */
  requires?: Permission;
}

export type RouteAccess = 'open' | 'sign-in' | 'no-access';

/** Who asks; null for nobody signed in (a prerendered page, the guard's first question). */
type Visitor = Pick<AuthState, 'isAuthenticated' | 'user'> | null;
type RouteNeeds = readonly (AccessNeeds | undefined)[];

// A requiresGroups that is not a list of names, or a requires that is not a name, admits nobody rather than everybody.
function admitted(needs: RouteNeeds, groups: readonly string[], table: PermissionTable): boolean {
  return needs.every((need) => {
    const wanted: unknown = need?.requiresGroups;
    const permission: unknown = need?.requires;
    const inGroups =
      wanted === undefined ||
      (Array.isArray(wanted) && wanted.some((group) => typeof group === 'string' && groups.includes(group)));
    const permitted =
      permission === undefined || (typeof permission === 'string' && groupsMay(groups, permission, table));
    return inGroups && permitted;
  });
}

const restricted = (need: AccessNeeds | undefined): boolean =>
  need?.requiresAuth === true || need?.requiresGroups !== undefined || need?.requires !== undefined;

/** Who may see a page, from the static data of its routes (root first): the one decision guard, layout and menus ask. */
export function routeAccess(
  needs: RouteNeeds,
  visitor: Visitor,
  authRequired = env.authRequired,
  table: PermissionTable = PERMISSIONS,
): RouteAccess {
  if (!authRequired && !needs.some(restricted)) return 'open';
  if (!visitor?.isAuthenticated || !visitor.user) return 'sign-in';
  return admitted(needs, visitor.user.groups ?? [], table) ? 'open' : 'no-access';
}

/** Whether lists of pages (navigation, a command palette) offer it: not when it needs a group or permission the
 * visitor lacks. */
export function offersRoute(needs: RouteNeeds, visitor: Visitor, table: PermissionTable = PERMISSIONS): boolean {
  return admitted(needs, (visitor?.isAuthenticated && visitor.user?.groups) || [], table);
}
