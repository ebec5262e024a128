import { createRouter, type AnyRoute, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { needsSignIn } from './app/routing/page-guard';
import { reportRouteError, RouteError } from './app/shell/route-error';
import { auth } from './features/auth';
import { routeTree } from './routeTree.gen';

let keepScroll = false;
let stopWatchingScroll = (): void => undefined;

// Read before hydration changes the page, where it costs no layout; a scroll made during hydration counts too.
export function keepScrollOnHydration(): void {
  keepScroll = window.scrollY > 0;
  if (keepScroll) return;
  const scrolled = () => {
    keepScroll = true;
  };
  addEventListener('scroll', scrolled, { once: true, passive: true });
  stopWatchingScroll = () => removeEventListener('scroll', scrolled);
}

function takeKeepScroll(): boolean {
  const keep = keepScroll;
  keepScroll = false;
  stopWatchingScroll();
  return keep;
}

export function createAppRouter({ history, isServer }: { history?: RouterHistory; isServer?: boolean } = {}) {
  return createRouter({
    routeTree,
    history,
    isServer,
    // On the server it would add an inline script the CSP refuses; hydration keeps where the visitor has scrolled.
    scrollRestoration: isServer ? false : () => !takeKeepScroll(),
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
