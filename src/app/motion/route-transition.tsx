import { useRouter } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { settings } from '../../features/settings';
import { useReducedMotion } from '../../components/use-reduced-motion';
import { loadedMotion, loadMotion } from './load-motion';
import { routeAnimationFlags } from './route-animation-flags';
import { pageKeyAt, usePageKey } from '../routing/route-meta';

interface RoutePageProps {
  containerRef: RefObject<HTMLDivElement | null>;
  enterPage: boolean;
  enterElements: boolean;
  children: ReactNode;
}

function RoutePage({ containerRef, enterPage, enterElements, children }: RoutePageProps) {
  const [entrance] = useState({ page: enterPage, elements: enterElements });
  useLayoutEffect(() => {
    const container = containerRef.current;
    return container ? loadedMotion()?.enter(container, entrance.page, entrance.elements) : undefined;
  }, [containerRef, entrance]);
  return <div ref={containerRef}>{children}</div>;
}

// The page leaves before the router commits: one page in the DOM at a time, so scroll restoration measures the right one.
export function RouteTransition({ children }: { children: ReactNode }) {
  const router = useRouter();
  const routeKey = usePageKey();
  const { page, elements } = routeAnimationFlags(settings().routeAnimationMode.value, useReducedMotion());
  const containerRef = useRef<HTMLDivElement>(null);
  const [openingKey, setOpeningKey] = useState<string | null>(routeKey);
  // Once the app has left the page it opened on, every page that comes enters with animation.
  if (openingKey !== null && routeKey !== openingKey) setOpeningKey(null);
  const entering = openingKey === null || routeKey !== openingKey;

  useEffect(() => {
    if (page || elements) void loadMotion();
  }, [page, elements]);

  useEffect(() => {
    if (!page) return undefined;
    let leaving: { key: string | undefined; container: HTMLElement; done: Promise<void> } | null = null;
    const unblock = router.history.block({
      enableBeforeUnload: false,
      blockerFn: async function leave({ currentLocation, nextLocation }) {
        const motion = loadedMotion();
        const container = containerRef.current;
        const key = pageKeyAt(router, currentLocation.pathname);
        if (!motion || !container || key === pageKeyAt(router, nextLocation.pathname)) return false;
        // A page's own blocker (unsaved changes) runs after this one: it may keep the page, so the page stays.
        if (router.history._getBlockers().at(-1)?.blockerFn !== leave) return false;
        if (!leaving || leaving.key !== key) leaving = { key, container, done: motion.leave(container) };
        await leaving.done;
        return false;
      },
    });
    // A navigation that ends on the same title (a redirect back) keeps its page: show it again.
    const unsubscribe = router.subscribe('onResolved', ({ toLocation }) => {
      if (leaving && leaving.key === pageKeyAt(router, toLocation.pathname)) {
        loadedMotion()?.clearStyles([leaving.container]);
      }
      leaving = null;
    });
    return () => {
      unblock();
      unsubscribe();
    };
  }, [page, router]);

  return (
    <RoutePage
      key={routeKey}
      containerRef={containerRef}
      enterPage={page && entering}
      enterElements={elements && entering}
    >
      {children}
    </RoutePage>
  );
}
