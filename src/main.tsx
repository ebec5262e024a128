import './styles/app.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstLoad, preloadLazyRoutes, whenIdle } from './app/preload-routes';
import { AppProviders } from './app/providers';
import { RouteError } from './app/route-error';
import { installStaleChunkRecovery } from './app/stale-chunk-reload';
import { startApp } from './app/start-app';
import { routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
  scrollRestoration: true,
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
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
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  afterFirstLoad(router, () => whenIdle(() => void preloadLazyRoutes(router)));
} catch (error) {
  // SPEC §8: start-up failures go to the console only.
  console.error('Snxt failed to start', error);
}
