import { createRootRoute, Outlet } from '@tanstack/react-router';
import { RouteTransition } from '../app/route-transition';
import { Shell } from '../app/shell';

export const Route = createRootRoute({
  component: () => (
    <Shell>
      <RouteTransition>
        <Outlet />
      </RouteTransition>
    </Shell>
  ),
});
