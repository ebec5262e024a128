import { lazy, Suspense, useState } from 'react';
import type { Translate } from '../components/ui/toaster';
import { activeMessages } from '../i18n/i18n-state';
import { notifications } from '../state/app-state';

// Radix Toast stays out of the first-load bundle: it is fetched when idle (preloadToaster) or
// with the first toast, whichever comes first; toasts reported meanwhile wait in the state.
const loadToaster = () => import('../components/ui/toaster');
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

export function preloadToaster(): Promise<unknown> {
  return loadToaster();
}

/** The app's toasts, translated when messages have loaded and in English until then. */
export function AppToaster() {
  const hasToasts = notifications.toasts.value.length > 0;
  // Once shown, the viewport stays mounted so focus and announcements survive the last dismissal.
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  if (!needed) return null;

  const messages = activeMessages.value?.messages;
  const translate: Translate = (messageId, defaultMessage) => messages?.[messageId] ?? defaultMessage;
  return (
    <Suspense fallback={null}>
      <Toaster store={notifications} translate={translate} />
    </Suspense>
  );
}
