import { createRouter, type AnyRoute, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { reportRouteError, RouteError } from './app/shell/route-error';
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
