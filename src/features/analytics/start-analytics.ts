import { signal } from '@preact/signals-react';
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';
import { env } from '../../config/env';
import { isSignInCallback } from '../auth';
import type { Analytics } from './gtag';
import { runEffect } from '../../lib/model-kit';
import { pageViewOf, type PageView } from './page-view';
import { reportError } from '../../lib/notice-bus';
import type { AppStorage } from '../../lib/storage';
import { appStorage } from '../../lib/storage';
import { runConsent } from './consent';
import { ConsentModel } from './consent-model';
import { afterFirstLoad, whenIdle } from '../../lib/idle';

interface AnalyticsOptions {
  id?: string | null;
  production?: boolean;
  storage?: AppStorage;
  load?: () => Promise<typeof import('./gtag')>;
  loadVitals?: () => Promise<typeof import('./web-vitals')>;
}

function afterFirstPaint(task: () => void) {
  if (document.readyState === 'complete') whenIdle(task);
  else window.addEventListener('load', () => whenIdle(task), { once: true });
}

// Every change of the choice is a consent update; gtag.js is requested only once analytics is granted.
function followConsent(consent: ConsentModel, analytics: Analytics, stopped: () => boolean): () => void {
  let told = false;
  return runEffect('analytics consent', () => {
    const choice = consent.analytics.value;
    if (!choice && !told) return;
    told = true;
    analytics.consent(choice ?? 'denied');
    if (choice === 'granted') {
      afterFirstPaint(() => !stopped() && consent.analytics.peek() === 'granted' && analytics.loadScript());
    }
  });
}

export function startAnalytics(
  router: AnyRouter,
  {
    id = env.gaMeasurementId,
    production = env.production,
    storage = appStorage(),
    load = () => import('./gtag'),
    loadVitals = () => import('./web-vitals'),
  }: AnalyticsOptions = {},
): () => void {
  if (!id) return () => {};
  const consent = new ConsentModel({ storage });
  const stopConsent = runConsent(consent);
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
    if (analytics) analytics.event('page_view', view);
    else waiting.push(view);
  });

  let stopped = false;
  let stopFollowing = () => {};
  load()
    .then((module) => {
      if (stopped) return;
      const loaded = production ? module.createGtagAnalytics(id) : module.createConsoleAnalytics();
      // A stored choice comes before the waiting page views, so gtag.js sends them under it.
      stopFollowing = followConsent(consent, loaded, () => stopped);
      analytics = loaded;
      waiting.splice(0).forEach((view) => loaded.event('page_view', view));
      afterFirstLoad(router, () =>
        whenIdle(() => {
          if (stopped) return;
          loadVitals()
            .then((vitals) => !stopped && vitals.reportWebVitals(loaded.event))
            .catch((error: unknown) => reportError(error, 'Web vitals'));
        }),
      );
    })
    .catch((error: unknown) => reportError(error, 'Analytics'));

  return () => {
    stopped = true;
    unsubscribe();
    stopEffect();
    stopFollowing();
    stopConsent();
  };
}
