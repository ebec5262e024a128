import { lazy, Suspense } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { logout } from '../sign-in';
import { runningIdle } from './idle-model';

// Builds with an idle limit only, a chunk of its own loaded when a warning is due.
const IdleWarning = __IDLE_TIMEOUT_MINUTES__
  ? lazy(() => import('./idle-warning').then((module) => ({ default: module.IdleWarning })))
  : null;

export function IdleWarningSlot() {
  const hydrated = useHydrated();
  const idle = runningIdle();
  // A plain `.value` read: the signals transform does not see one inside an optional chain.
  const deadline = idle ? idle.deadline.value : null;
  if (!IdleWarning || !idle || !hydrated || deadline === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning deadline={deadline} onStay={() => idle.stay()} onSignOut={logout} />
    </Suspense>
  );
}
