import type { AnyRoute, AnyRouter } from '@tanstack/react-router';

export function preloadLazyRoutes(router: AnyRouter): Promise<unknown> {
  const routes = Object.values(router.routesById as Record<string, AnyRoute>);
  return Promise.allSettled(routes.map((route) => router.loadRouteChunk(route)));
}
