import { createRootRouteWithContext } from '@tanstack/react-router';
import { guardPage, type AppRouterContext } from '../app/routing/page-guard';
import { PendingRoot, RootLayout } from '../app/shell/root-layout';

export const Route = createRootRouteWithContext<AppRouterContext>()({
  beforeLoad: guardPage,
  // Only a page waiting for sign-in keeps the root pending this long: then the frame and the gate show.
  pendingComponent: PendingRoot,
  pendingMs: 200,
  component: RootLayout,
});
