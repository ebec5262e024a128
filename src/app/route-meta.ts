import { useMatches, type AnyRoute, type AnyRouter } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';

/** Where a page's link shows: `main` in the toolbar (wide screens) and the drawer, `drawer` in the drawer only. */
export type NavPlacement = 'main' | 'drawer';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Translation key of the page's title: the page title, the navigation label, the route animation key. */
    titleKey?: string;
    /** Lists the page in the navigation, labelled with its title. */
    nav?: NavPlacement;
    navIcon?: ComponentType<SVGProps<SVGSVGElement>>;
    /** Only for signed-in users. */
    requiresAuth?: boolean;
  }
}

// A page's title is its deepest route's title, or none (the app name alone): a route without a
// title under a titled one does not borrow its parent's.

/** The title key of the page at `pathname`, before the router has gone there. */
export function titleKeyAt(router: AnyRouter, pathname: string): string | undefined {
  const [routes] = router.getMatchedRoutes(pathname);
  return routes.at(-1)?.options.staticData?.titleKey;
}

/** The title key of the page on screen. */
export const useRouteTitleKey = (): string | undefined =>
  useMatches({ select: (matches) => matches.at(-1)?.staticData.titleKey });

export interface NavEntry {
  to: string;
  labelKey: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The pages that list themselves in the navigation (`staticData.nav`), in route-tree order. */
export function navEntries(router: AnyRouter, placements: readonly NavPlacement[]): NavEntry[] {
  return (Object.values(router.routesById) as AnyRoute[]).flatMap((route) => {
    const { nav, titleKey, navIcon } = route.options.staticData ?? {};
    return nav && titleKey && placements.includes(nav)
      ? [{ to: route.fullPath, labelKey: titleKey, icon: navIcon }]
      : [];
  });
}
