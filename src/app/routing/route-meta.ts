import { useMatches, type AnyRoute, type AnyRouter } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import type { Permission } from '../../config/permissions';
import { type AuthState, offersRoute, type AccessNeeds } from '../../features/auth';

export type NavPlacement = 'main' | 'drawer';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    titleKey?: string;
    /** A title from the route's loaded data (a record's title); the title key stands in until there is one. */
    titleFromData?: (loaderData: unknown) => string | undefined;
    /** The name the command palette offers a page without a title under. */
    commandKey?: string;
    nav?: NavPlacement;
    navIcon?: ComponentType<SVGProps<SVGSVGElement>>;
    requiresAuth?: boolean;
    requiresGroups?: readonly string[];
    /** A permission (config/permissions.ts): those without it get the no-access page, and no entry in lists. */
    requires?: Permission;
  }
}

// The deepest route's title or none: a route without one does not borrow its parent's.

export function titleKeyAt(router: AnyRouter, pathname: string): string | undefined {
  const [routes] = router.getMatchedRoutes(pathname);
  return routes.at(-1)?.options.staticData?.titleKey;
}

export interface RouteTitle {
  key?: string;
  /** From the route's data, ahead of the key. */
  text?: string;
}

interface TitledMatch {
  staticData?: { titleKey?: string; titleFromData?: (loaderData: unknown) => string | undefined };
  loaderData?: unknown;
}

const titleOf = (match: TitledMatch | undefined): RouteTitle => ({
  key: match?.staticData?.titleKey,
  text: match?.staticData?.titleFromData?.(match.loaderData),
});

/** The page on screen's title (its deepest match); by path alone before anything has matched. */
export function routeTitleAt(router: AnyRouter): RouteTitle {
  const match = router.state.matches.at(-1) as TitledMatch | undefined;
  return match ? titleOf(match) : { key: titleKeyAt(router, router.state.location.pathname) };
}

export const titleText = (title: RouteTitle, translate: (key: string) => string): string | undefined =>
  title.text ?? (title.key && translate(title.key));

export const useRouteTitleText = (translate: (key: string) => string): string | undefined =>
  useMatches({ select: (matches) => titleText(titleOf(matches.at(-1) as TitledMatch | undefined), translate) });

// A page titled by its data is one page per path (each record its own), and keeps its key when its title is edited.
const pageKey = (staticData: TitledMatch['staticData'], pathname: string): string =>
  staticData?.titleFromData ? pathname : (staticData?.titleKey ?? '');

/** What route animations tell pages apart by: the title key, or the path of a page titled by its data. */
export function pageKeyAt(router: AnyRouter, pathname: string): string {
  const [routes] = router.getMatchedRoutes(pathname);
  return pageKey(routes.at(-1)?.options.staticData, pathname);
}

export const usePageKey = (): string =>
  useMatches({
    select: (matches) => {
      const match = matches.at(-1);
      return match ? pageKey(match.staticData, match.pathname) : '';
    },
  });

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
