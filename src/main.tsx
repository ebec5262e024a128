import './styles/app.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadToaster } from './app/app-toaster';
import { afterFirstLoad, preloadLazyRoutes, whenIdleInTurn } from './app/preload-routes';
import { AppProviders } from './app/providers';
import { reportRouteError, RouteError } from './app/route-error';
import { installStaleChunkRecovery } from './app/stale-chunk-reload';
import { startAnalytics } from './app/start-analytics';
import { preloadTooltips } from './components/ui/tooltip';
import { startApp } from './app/start-app';
import { startPageTitle } from './app/use-page-title';
import { yieldToMain } from './lib/yield-to-main';
import { routeTree } from './routeTree.gen';

function createAppRouter() {
  return createRouter({
    routeTree,
    scrollRestoration: true,
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
  interface StaticDataRouteOption {
    /** Translation key of the route's title: page title and route animation key. */
    titleKey?: string;
  }
}

/**
 * Start-up in short tasks (a phone's main thread stays free for input and paint between them):
 * state and the translations fetch first, then the router and its first match, then the render.
 */
async function start() {
  startApp();
  await yieldToMain();
  const router = createAppRouter();
  installStaleChunkRecovery(router);
  startAnalytics(router);
  startPageTitle(router);
  // Matching now, while the translations are on their way, spares the first render a second pass.
  void router.load();
  await yieldToMain();
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // Background work waits for the first page: a failed preload must not look like a stale page.
  // One idle callback each, one after the other: together they would be one long task.
  afterFirstLoad(router, () => whenIdleInTurn([() => preloadLazyRoutes(router), preloadToaster, preloadTooltips]));
}

start().catch((error: unknown) => {
  // SPEC §8: start-up failures go to the console only.
  console.error('Snxt failed to start', error);
});
