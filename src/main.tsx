import './styles/app.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadToaster } from './app/app-toaster';
import { afterFirstLoad, preloadLazyRoutes, whenIdle } from './app/preload-routes';
import { AppProviders } from './app/providers';
import { reportRouteError, RouteError } from './app/route-error';
import { installStaleChunkRecovery } from './app/stale-chunk-reload';
import { startAnalytics } from './app/start-analytics';
import { preloadTooltips } from './components/ui/tooltip';
import { startApp } from './app/start-app';
import { startPageTitle } from './app/use-page-title';
import { routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
  scrollRestoration: true,
  defaultPreload: 'intent',
  // Every route gets a boundary, so a failing page leaves the shell around it working.
  defaultErrorComponent: RouteError,
  defaultOnCatch: reportRouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Translation key of the route's title: page title and route animation key. */
    titleKey?: string;
  }
}

try {
  installStaleChunkRecovery(router);
  startApp();
  startAnalytics(router);
  startPageTitle(router);
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
  afterFirstLoad(router, () =>
    whenIdle(() => {
      void preloadLazyRoutes(router);
      void preloadToaster();
      void preloadTooltips();
    }),
  );
} catch (error) {
  // SPEC §8: start-up failures go to the console only.
  console.error('Snxt failed to start', error);
}
