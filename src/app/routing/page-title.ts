import { signal } from '@preact/signals-react';
import type { AnyRouter } from '@tanstack/react-router';
import { env } from '../../config/env';
import { runEffect } from '../../lib/model-kit';
import { i18n } from '../../features/settings';
import { titleKeyAt } from './route-meta';

export function formatPageTitle(routeTitle: string | undefined, appName: string): string {
  return routeTitle ? `${routeTitle} - ${appName}` : appName;
}

export function startPageTitle(router: AnyRouter, appName = env.appName, doc: Document = document): () => void {
  const titleKey = signal(titleKeyAt(router, router.state.location.pathname));
  const unsubscribe = router.subscribe('onResolved', ({ toLocation }) => {
    titleKey.value = titleKeyAt(router, toLocation.pathname);
  });
  const stop = runEffect('page title', () => {
    const key = titleKey.value;
    const messages = i18n().messages.value?.messages;
    if (!messages) return;
    doc.title = formatPageTitle(key && (messages[key] ?? key), appName);
  });
  return () => {
    unsubscribe();
    stop();
  };
}
