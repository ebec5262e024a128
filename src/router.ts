import { createRouter, type AnyRoute, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { needsSignIn } from './app/routing/page-guard';
import { reportRouteError, RouteError } from './app/shell/route-error';
import { auth } from './features/auth';
import { routeTree } from './routeTree.gen';

let hydrating = false;

export function keepScrollOnHydration(): void {
  hydrating = true;
}

function scrolledBeforeFirstRender(): boolean {
  const keep = hydrating && window.scrollY > 0;
  hydrating = false;
  return keep;
}

export function createAppRouter({ history, isServer }: { history?: RouterHistory; isServer?: boolean } = {}) {
  return createRouter({
    routeTree,
    history,
    isServer,
    // Off on the server (an inline script the CSP refuses); a scroll before the first render stays (its event is late).
    scrollRestoration: isServer ? false : () => !scrolledBeforeFirstRender(),
    defaultPreload: 'intent',
    // Every route gets a boundary, so a failing page leaves the shell around it working.
    defaultErrorComponent: RouteError,
    defaultOnCatch: reportRouteError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

// A preload commits nothing (router.load() may commit into a render React drops); signed out, no API calls.
export async function loadAhead(router: AnyRouter): Promise<void> {
  const { pathname, search, hash } = router.latestLocation;
  if (!auth().state.peek().isAuthenticated && needsSignIn(router.matchRoutes(router.latestLocation))) return;
  await router.preloadRoute({ to: pathname, search, hash });
}

// The prerender and hydration must not suspend where the other did not.
export async function loadMatchedPages(router: AnyRouter): Promise<void> {
  await Promise.all(
    router.state.matches.map((match) => {
      const component = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId]?.options
        .component as { preload?: () => Promise<unknown> } | undefined;
      return component?.preload?.();
    }),
  );
}
