import { createRootRoute, Outlet } from '@tanstack/react-router';
import { Shell } from '../app/shell';
import { AuthControls } from '../features/auth/auth-controls';

export const Route = createRootRoute({
  component: () => (
    <Shell authSlot={<AuthControls />}>
      <Outlet />
    </Shell>
  ),
});
