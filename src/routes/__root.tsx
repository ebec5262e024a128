import { createRootRoute, Outlet } from '@tanstack/react-router';
import { RouteTransition } from '../app/route-transition';
import { Shell } from '../app/shell';
import { AuthControls } from '../features/auth/auth-controls';

export const Route = createRootRoute({
  component: () => (
    <Shell authSlot={<AuthControls />}>
      <RouteTransition>
        <Outlet />
      </RouteTransition>
    </Shell>
  ),
});
