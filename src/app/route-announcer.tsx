import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { env } from '../config/env';
import { formatPageTitle, useRouteTitleKey } from './use-page-title';

/** How long to wait for the new page's heading (route animations hold it back a little). */
const HEADING_WAIT_MS = 3000;

const currentHeading = () => document.querySelector<HTMLElement>('main h1');

/**
 * Calls `found` with the page heading once it is not `previous` any more, i.e. the new page
 * has mounted (the old page may still be leaving). Returns a cancel function.
 */
export function whenNewHeading(previous: Element | null, found: (heading: HTMLElement) => void): () => void {
  let done = false;
  const finish = (heading: HTMLElement | null) => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    if (heading) found(heading);
  };
  const check = () => {
    const heading = currentHeading();
    if (heading && (heading !== previous || !previous.isConnected)) finish(heading);
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = window.setTimeout(() => finish(currentHeading()), HEADING_WAIT_MS);
  check();
  return () => finish(null);
}

/**
 * After each client-side navigation to another page (not the first load), moves focus to the
 * new page's h1 and announces the page title politely, as a screen reader would on a full load.
 */
export function RouteAnnouncer() {
  const router = useRouter();
  const intl = useIntl();
  const titleKey = useRouteTitleKey();
  const title = formatPageTitle(titleKey && intl.formatMessage({ id: titleKey }), env.appName);
  // Which navigation was last announced; the region then reads the current page title.
  const [announced, setAnnounced] = useState<string | null>(null);

  useEffect(() => {
    let previous: Element | null = null;
    let cancel = () => {};
    const stopBefore = router.subscribe('onBeforeNavigate', () => {
      previous = currentHeading();
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
