import { signal } from '@preact/signals-react';
import type { AnyRouter } from '@tanstack/react-router';
import { env } from '../../config/env';
import { runEffect } from '../../lib/model-kit';
import { i18n } from '../../features/settings';
import { routeTitleAt, titleText } from './route-meta';

export function formatPageTitle(routeTitle: string | undefined, appName: string): string {
  return routeTitle ? `${routeTitle} - ${appName}` : appName;
}

export function startPageTitle(router: AnyRouter, appName = env.appName, doc: Document = document): () => void {
  const title = signal(routeTitleAt(router));
  // Also after a reload of the same page (router.invalidate()), whose data may retitle it.
  const unsubscribe = router.subscribe('onResolved', () => {
    title.value = routeTitleAt(router);
  });
  const stop = runEffect('page title', () => {
    const messages = i18n().messages.value?.messages;
    if (!messages) return;
    doc.title = formatPageTitle(
      titleText(title.value, (key) => messages[key] ?? key),
      appName,
    );
  });
  return () => {
    unsubscribe();
    stop();
  };
}
