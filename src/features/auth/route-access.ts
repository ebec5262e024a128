import { env } from '../../config/env';
import type { AuthState } from './auth-model';

export interface AccessNeeds {
  requiresAuth?: boolean;
  /** Any of these groups (`cognito:groups`); signed in is needed too. */
  requiresGroups?: readonly string[];
}

export type RouteAccess = 'open' | 'sign-in' | 'no-access';

/** Who asks; null for nobody signed in (a prerendered page, the guard's first question). */
type Visitor = Pick<AuthState, 'isAuthenticated' | 'user'> | null;
type RouteNeeds = readonly (AccessNeeds | undefined)[];

// A requiresGroups that is not a list of names admits nobody rather than everybody.
function inGroups(needs: RouteNeeds, groups: readonly string[]): boolean {
  return needs.every((need) => {
    const wanted: unknown = need?.requiresGroups;
    if (wanted === undefined) return true;
    return Array.isArray(wanted) && wanted.some((group) => typeof group === 'string' && groups.includes(group));
  });
}

/** Who may see a page, from the static data of its routes (root first): the one decision guard, layout and menus ask. */
export function routeAccess(needs: RouteNeeds, visitor: Visitor, authRequired = env.authRequired): RouteAccess {
  const signInNeeded =
    authRequired || needs.some((need) => need?.requiresAuth === true || need?.requiresGroups !== undefined);
  if (!signInNeeded) return 'open';
  if (!visitor?.isAuthenticated || !visitor.user) return 'sign-in';
  return inGroups(needs, visitor.user.groups ?? []) ? 'open' : 'no-access';
}

/** Whether lists of pages (navigation, a command palette) offer it: not when it needs a group the visitor is not in. */
export function offersRoute(needs: RouteNeeds, visitor: Visitor): boolean {
  return inGroups(needs, (visitor?.isAuthenticated && visitor.user?.groups) || []);
}
