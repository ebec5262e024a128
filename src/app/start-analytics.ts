import { signal } from '@preact/signals-react';
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';
import { env } from '../config/env';
import { isSignInCallback } from '../features/auth/session/callback-url';
import type { Analytics } from '../lib/analytics';
import { runEffect } from '../lib/model-kit';
import { pageViewOf, type PageView } from '../lib/page-view';
import { reportError } from '../lib/report';
import { whenIdle } from './preload-routes';

interface AnalyticsOptions {
  id?: string | null;
  production?: boolean;
  load?: () => Promise<typeof import('../lib/analytics')>;
}

function afterFirstPaint(task: () => void) {
  if (document.readyState === 'complete') whenIdle(task);
  else window.addEventListener('load', () => whenIdle(task), { once: true });
}

export function startAnalytics(
  router: AnyRouter,
  {
    id = env.gaMeasurementId,
    production = env.production,
    load = () => import('../lib/analytics'),
  }: AnalyticsOptions = {},
): () => void {
  if (!id) return () => {};
  const page = signal<PageView | null>(null);
  const waiting: PageView[] = [];
  let analytics: Analytics | null = null;

  const record = (location: ParsedLocation) => {
    // A sign-in answer's one-time code never goes to analytics: the clean URL that replaces it is reported.
    if (isSignInCallback(new URL(location.href, window.location.origin))) return;
    page.value = pageViewOf(location, window.location.origin);
  };
  // This module loads beside the first page: a page already on screen is the first view.
  if (router.state.resolvedLocation) record(router.state.resolvedLocation);
  const unsubscribe = router.subscribe('onResolved', ({ toLocation }) => record(toLocation));
  const stopEffect = runEffect('page view', () => {
    const view = page.value;
    if (!view) return;
    if (analytics) analytics.pageView(view);
    else waiting.push(view);
  });

  let stopped = false;
  load()
    .then((module) => {
      if (stopped) return;
      analytics = production ? module.createGtagAnalytics(id) : module.createConsoleAnalytics();
      waiting.splice(0).forEach((view) => analytics?.pageView(view));
      afterFirstPaint(() => !stopped && analytics?.loadScript());
    })
    .catch((error: unknown) => reportError(error, 'Analytics'));

  return () => {
    stopped = true;
    unsubscribe();
    stopEffect();
  };
}
