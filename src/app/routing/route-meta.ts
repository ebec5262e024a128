import { useMatches, type AnyRoute, type AnyRouter } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import { type AuthState, offersRoute, type AccessNeeds } from '../../features/auth';

export type NavPlacement = 'main' | 'drawer';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    titleKey?: string;
    /** The name the command palette offers a page without a title under. */
    commandKey?: string;
    nav?: NavPlacement;
    navIcon?: ComponentType<SVGProps<SVGSVGElement>>;
    requiresAuth?: boolean;
    requiresGroups?: readonly string[];
  }
}

// The deepest route's title or none: a route without one does not borrow its parent's.

export function titleKeyAt(router: AnyRouter, pathname: string): string | undefined {
  const [routes] = router.getMatchedRoutes(pathname);
  return routes.at(-1)?.options.staticData?.titleKey;
}

export const useRouteTitleKey = (): string | undefined =>
  useMatches({ select: (matches) => matches.at(-1)?.staticData.titleKey });

export interface NavEntry {
  to: string;
  labelKey: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
}

export function needsAlong(route: AnyRoute): (AccessNeeds | undefined)[] {
  const needs: (AccessNeeds | undefined)[] = [];
  for (let at: AnyRoute | undefined = route; at; at = at.parentRoute) needs.unshift(at.options.staticData);
  return needs;
}

export function navEntries(
  router: AnyRouter,
  placements: readonly NavPlacement[],
  visitor: AuthState | null,
): NavEntry[] {
  return (Object.values(router.routesById) as AnyRoute[]).flatMap((route) => {
    const { nav, titleKey, navIcon } = route.options.staticData ?? {};
    return nav && titleKey && placements.includes(nav) && offersRoute(needsAlong(route), visitor)
      ? [{ to: route.fullPath, labelKey: titleKey, icon: navIcon }]
      : [];
  });
}
