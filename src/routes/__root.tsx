import { createRootRoute } from '@tanstack/react-router';
import { guardPage } from '../app/auth-guard';
import { PendingRoot, RootLayout } from '../app/root-layout';

export const Route = createRootRoute({
  // Pages with `requiresAuth` (every page with VITE_AUTH_REQUIRED) load only for a signed-in user.
  beforeLoad: guardPage,
  // Only a page waiting for sign-in keeps the root pending this long: then the frame and the gate show.
  pendingComponent: PendingRoot,
  pendingMs: 200,
  component: RootLayout,
});
