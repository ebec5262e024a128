// Run at build time in Node (build/prerender.mjs): a page through the app's own components and router, as HTML.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import english from '../public/assets/i18n/en.json';
import { formatPageTitle } from './app/routing/page-title';
import { AppProviders } from './app/providers';
import { needsSignIn } from './app/routing/page-guard';
import { titleKeyAt } from './app/routing/route-meta';
import { DEFAULT_LANGUAGE } from './config/constants';
import { env } from './config/env';
import type { LoadedMessages } from './i18n/load-messages';
import { createMemoryStorage } from './lib/storage';
import { renderSnapshotFirst } from './lib/use-hydrated';
import { createAppRouter, loadMatchedPages } from './router';
import { startState } from './app/app-state';

const MESSAGES: LoadedMessages = { language: DEFAULT_LANGUAGE, messages: english, errors: [] };

const detachedRoot = {
  lang: '',
  dir: '',
  classList: { add: () => undefined, remove: () => undefined },
  querySelector: () => null,
};
const lightScheme = { matches: false, addEventListener: () => undefined, removeEventListener: () => undefined };

export interface PrerenderedPage {
  html: string;
  title: string;
}

/** As a first visit sees it; null for a page only signed-in users may see: its content must never be in the HTML. */
export async function renderPage(path: string): Promise<PrerenderedPage | null> {
  const stop = startState({
    storage: createMemoryStorage(),
    root: detachedRoot as unknown as HTMLElement,
    darkScheme: lightScheme as unknown as MediaQueryList,
    userAgent: '',
    preferredLanguages: [DEFAULT_LANGUAGE],
    loadMessages: () => Promise.resolve(MESSAGES),
  });
  try {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }), isServer: true });
    const [routes] = router.getMatchedRoutes(path);
    if (needsSignIn(routes.map((route) => ({ staticData: route.options.staticData })))) return null;
    await router.load();
    await loadMatchedPages(router);
    renderSnapshotFirst();
    const { prelude } = await prerender(
      <StrictMode>
        <AppProviders hydrationMessages={MESSAGES}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      // One piece: React would move a large boundary's content behind an inline script the CSP does not allow.
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    const html = await new Response(prelude).text();
    const titleKey = titleKeyAt(router, path);
    return { html, title: formatPageTitle(titleKey && english[titleKey as keyof typeof english], env.appName) };
  } finally {
    stop();
  }
}
