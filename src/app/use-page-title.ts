import { signal } from '@preact/signals-react';
import { useMatches, type AnyRouter } from '@tanstack/react-router';
import { env } from '../config/env';
import { activeMessages } from '../i18n/i18n-state';
import { runEffect } from '../lib/effect-runner';

type TitledMatch = { staticData: { titleKey?: string } };

/** The title key of the deepest matched route that has one. */
export function deepestTitleKey(matches: readonly TitledMatch[]): string | undefined {
  return matches.findLast((match) => match.staticData.titleKey)?.staticData.titleKey;
}

export function useRouteTitleKey(): string | undefined {
  return useMatches({ select: deepestTitleKey });
}

export function formatPageTitle(routeTitle: string | undefined, appName: string): string {
  return routeTitle ? `${routeTitle} - ${appName}` : appName;
}

/**
 * Keeps `document.title` at "Settings - Starter Next", or the app name alone for routes without a
 * title (SPEC §3), after every navigation and language change; run by the effect runner.
 */
export function startPageTitle(router: AnyRouter, appName = env.appName, doc: Document = document): () => void {
  const titleKey = signal(deepestTitleKey(router.state.matches));
  const unsubscribe = router.subscribe('onResolved', () => {
    titleKey.value = deepestTitleKey(router.state.matches);
  });
  const stop = runEffect('page title', () => {
    const key = titleKey.value;
    const messages = activeMessages.value?.messages;
    // Until messages arrive, index.html's title (the app name) stays.
    if (!messages) return;
    doc.title = formatPageTitle(key && (messages[key] ?? key), appName);
  });
  return () => {
    unsubscribe();
    stop();
  };
}
