import './styles/app.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { reportRouteError, RouteError } from './app/route-error';
import { startApp } from './app/start-app';
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
}

/**
 * Start-up in short tasks (a phone's main thread stays free for input and paint between them):
 * the app's state and the translations fetch first, then the router's first match, then the render.
 */
async function start() {
  const router = createAppRouter();
  startApp(router);
  await yieldToMain();
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
}

start().catch((error: unknown) => {
  // Start-up failures go to the console only: without the app there is nothing to show them in.
  console.error('Snxt failed to start', error);
});
