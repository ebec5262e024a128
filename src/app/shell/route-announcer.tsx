import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { pageHeading } from '../../components/page-heading';
import { env } from '../../config/env';
import { useT } from '../../i18n/use-t';
import { formatPageTitle } from '../routing/page-title';
import { useRouteTitleText } from '../routing/route-meta';

const HEADING_WAIT_MS = 3000;

// The new page has mounted once its heading is not `previous` (the old page may still be leaving).
function whenNewHeading(previous: HTMLElement | null, found: (heading: HTMLElement) => void): () => void {
  let done = false;
  const finish = (heading: HTMLElement | null) => {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    if (heading) found(heading);
  };
  const timer = window.setTimeout(() => finish(pageHeading.peek()), HEADING_WAIT_MS);
  const unsubscribe = pageHeading.subscribe((heading) => {
    if (heading && (heading !== previous || !previous.isConnected)) finish(heading);
  });
  if (done) unsubscribe();
  return () => {
    finish(null);
    unsubscribe();
  };
}

export function RouteAnnouncer() {
  const router = useRouter();
  const t = useT();
  const title = formatPageTitle(useRouteTitleText(t), env.appName);
  const [announced, setAnnounced] = useState<string | null>(null);

  useEffect(() => {
    let previous: HTMLElement | null = null;
    let cancel = () => {};
    const stopBefore = router.subscribe('onBeforeNavigate', () => {
      previous = pageHeading.peek();
    });
    const stopResolved = router.subscribe('onResolved', (event) => {
      if (!event.fromLocation || !event.pathChanged) return;
      cancel();
      cancel = whenNewHeading(previous, (heading) => {
        // The router restores or resets scrolling itself; focusing must not move it.
        heading.focus({ preventScroll: true });
        setAnnounced(event.toLocation.href);
      });
    });
    return () => {
      cancel();
      stopBefore();
      stopResolved();
    };
  }, [router]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {announced && title}
    </div>
  );
}
