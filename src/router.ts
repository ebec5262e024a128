import { createRouter, type AnyRoute, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { reportRouteError, RouteError } from './app/route-error';
import { routeTree } from './routeTree.gen';

/** Set while a prerendered page is hydrated: its first render leaves the scroll position alone. */
let keepScroll = false;

/** The next render is the hydration of a prerendered page: a visitor who has scrolled it stays there. */
export function keepScrollOnHydration(): void {
  keepScroll = true;
}

function takeKeepScroll(): boolean {
  const keep = keepScroll && window.scrollY > 0;
  keepScroll = false;
  return keep;
}

/** The app's router; the prerender gives it a memory history and renders it as the server would. */
export function createAppRouter({ history, isServer }: { history?: RouterHistory; isServer?: boolean } = {}) {
  return createRouter({
    routeTree,
    history,
    isServer,
    // On the server it would add an inline script the CSP does not allow; the client restores scrolling,
    // except on the render that hydrates a prerendered page the visitor has already scrolled.
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

/**
 * Loads the lazy page components of the current matches, so a render finds them ready: the
 * prerender and hydration must not suspend where the other did not.
 */
export async function loadMatchedPages(router: AnyRouter): Promise<void> {
  await Promise.all(
    router.state.matches.map((match) => {
      const component = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId]?.options
        .component as { preload?: () => Promise<unknown> } | undefined;
      return component?.preload?.();
    }),
  );
}
