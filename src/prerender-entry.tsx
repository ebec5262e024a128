// Run at build time in Node (build/prerender.mjs): a page through the app's own components and router, as HTML.
import { createMemoryHistory, RouterContextProvider, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
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
import { PageFrame } from './app/shell/root-layout';
import { createAppRouter, loadMatchedPages } from './router';
import { startState } from './app/app-state';

const MESSAGES: LoadedMessages = { language: DEFAULT_LANGUAGE, messages: english, errors: [] };

const detachedRoot = {
  lang: '',
  dir: '',
  classList: { add: () => undefined, remove: () => undefined },
  style: {},
  querySelector: () => null,
};
const lightScheme = { matches: false, addEventListener: () => undefined, removeEventListener: () => undefined };

export interface PrerenderedPage {
  html: string;
  title: string;
  /** False for a page only signed-in users may see: the HTML holds the frame alone, which the app renders afresh. */
  hydrates: boolean;
}

/** Every page of the route tree without path parameters, so a new route is prerendered with no list to keep. */
export function prerenderPaths(): string[] {
  const routes = Object.values(createAppRouter({ isServer: true }).routesById) as AnyRoute[];
  return routes
    .filter((route) => !route.isRoot && route.options.component && !route.fullPath.includes('$'))
    .map((route) => (route.fullPath === '/' ? '/' : route.fullPath.replace(/\/$/, '')));
}

const render = async (page: ReactNode) => {
  // One piece: React would move a large boundary's content behind an inline script the CSP does not allow.
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders hydrationMessages={MESSAGES}>{page}</AppProviders>
    </StrictMode>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
};

/** As a first visit sees it; a page for signed-in users only as its frame: its content must never be in the HTML. */
export async function renderPage(path: string): Promise<PrerenderedPage> {
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
    const titleKey = titleKeyAt(router, path);
    const title = formatPageTitle(titleKey && english[titleKey as keyof typeof english], env.appName);
    renderSnapshotFirst();
    if (needsSignIn(routes.map((route) => ({ staticData: route.options.staticData })))) {
      const html = await render(
        <RouterContextProvider router={router}>
          <PageFrame />
        </RouterContextProvider>,
      );
      return { html, title, hydrates: false };
    }
    await router.load();
    await loadMatchedPages(router);
    return { html: await render(<RouterProvider router={router} />), title, hydrates: true };
  } finally {
    stop();
  }
}
