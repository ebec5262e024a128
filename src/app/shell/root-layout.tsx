import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { auth, AuthControls, loadSignInGate } from '../../features/auth';
import { RouteTransition } from '../motion/route-transition';
import { usePageAccess } from '../routing/page-guard';
import { NoAccess } from './no-access';
import { Shell } from './shell';

// Only a page waiting for sign-in shows it: it stays out of the first-load bundle.
const SignInGate = lazy(() => loadSignInGate().then((component) => ({ default: component })));

export const PageFrame = ({ children }: { children?: ReactNode }) => (
  <Shell authSlot={<AuthControls />}>{children}</Shell>
);

const Gate = () => (
  <Suspense fallback={null}>
    <SignInGate />
  </Suspense>
);

export function RootLayout(): ReactElement {
  // Read here (a component) so a sign-in or sign-out, in this tab or another, shows or hides the page at once.
  const access = usePageAccess(auth().state.value);
  return (
    <PageFrame>
      {access === 'sign-in' ? (
        <Gate />
      ) : (
        <RouteTransition>{access === 'open' ? <Outlet /> : <NoAccess />}</RouteTransition>
      )}
    </PageFrame>
  );
}

export function PendingRoot(): ReactElement {
  return (
    <PageFrame>
      <Gate />
    </PageFrame>
  );
}
