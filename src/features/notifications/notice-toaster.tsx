import type { ReadonlySignal } from '@preact/signals-react';
import { lazy, Suspense, useState } from 'react';
import type { Translate } from './toaster';
import type { LoadedMessages } from '../../i18n/load-messages';
import { cachedPromise } from '../../lib/cached-promise';
import { useHydrated } from '../../lib/use-hydrated';
import { notifications } from './notifications-model';

// Radix Toast stays out of the first load: fetched when idle or with the first notice, which waits in the state.
export const preloadToaster = cachedPromise(() => import('./toaster'));
const Toaster = lazy(() => preloadToaster().then((module) => ({ default: module.Toaster })));

/** `messages`: the texts on screen; a notice shows its English default until they have loaded. */
export function AppToaster({ messages }: { messages: ReadonlySignal<LoadedMessages | null> }) {
  const notices = notifications().notices.value;
  // Once shown, the viewport stays mounted so focus and announcements survive the last dismissal.
  const [needed, setNeeded] = useState(notices.length > 0);
  if (notices.length > 0 && !needed) setNeeded(true);
  // Pages are prerendered without notices; hydration must find the same nothing.
  const hydrated = useHydrated();
  if (!needed || !hydrated) return null;

  const loaded = messages.value;
  const translate: Translate = (messageId, defaultMessage) => loaded?.messages[messageId] ?? defaultMessage;
  return (
    <Suspense fallback={null}>
      <Toaster notices={notices} onDismiss={notifications().dismiss} translate={translate} messages={loaded} />
    </Suspense>
  );
}
