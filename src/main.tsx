import './styles/app.css';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { AppProviders } from './app/providers';
import { startApp } from './app/start-app';
import type { LoadedMessages } from './i18n/load-messages';
import { renderSnapshotFirst, snapshotDone } from './lib/use-hydrated';
import { yieldToMain } from './lib/yield-to-main';
import { createAppRouter, keepScrollOnHydration, loadMatchedPages } from './router';
import { i18n } from './state/app-state';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * React DOM's renderer: a first-load chunk of its own (the boot script preloads it with this one),
 * so evaluating it is a task of its own rather than part of one long start-up task.
 */
const loadRenderer = () => import('react-dom/client');
type Renderer = Awaited<ReturnType<typeof loadRenderer>>;

const app = (router: AppRouter, hydrationMessages: LoadedMessages | null = null): ReactNode => (
  <StrictMode>
    <AppProviders hydrationMessages={hydrationMessages}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/** The path whose prerendered markup `#root` holds (`data-prerendered`, written by the build), if it is this one. */
function prerenderedHere(container: HTMLElement): boolean {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  return container.dataset.prerendered === path && container.firstElementChild !== null;
}

/**
 * Hydrates the prerendered page: the router's matches and lazy page, and the English the page was
 * rendered with, are ready first, so the first render is the server's markup exactly.
 */
async function hydrate(router: AppRouter, container: HTMLElement, renderer: Promise<Renderer>): Promise<boolean> {
  const [english, { hydrateRoot }] = await Promise.all([
    i18n.english(),
    renderer,
    router.load().then(() => loadMatchedPages(router)),
  ]);
  // Without English the markup cannot be matched: render from scratch instead.
  if (english.errors.length > 0) return false;
  // The server rendered the match tree without the client's Suspense boundaries; so must hydration.
  router.ssr = { manifest: undefined };
  await yieldToMain();
  // As a transition React hydrates in short tasks, not one long one that blocks a phone.
  renderSnapshotFirst();
  keepScrollOnHydration();
  const stop = router.subscribe('onBeforeNavigate', () => {
    snapshotDone();
    stop();
  });
  startTransition(() => {
    hydrateRoot(container, app(router, english));
  });
  return true;
}

/**
 * Start-up in short tasks (a phone's main thread stays free for input and paint between them):
 * the app's state and the translations fetch first, then the router's first match, then the render.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in index.html');
  // The boot script imports this module after the first paint: the prerendered page is on screen.
  const prerendered = prerenderedHere(container);
  const renderer = loadRenderer();
  // Evaluating the modules, creating the router and starting the state: tasks of their own.
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  startApp(router);
  await yieldToMain();
  if (prerendered && (await hydrate(router, container, renderer))) return;
  // Matching now, while the translations are on their way, spares the first render a second pass.
  void router.load();
  const { createRoot } = await renderer;
  await yieldToMain();
  createRoot(container).render(app(router));
}

start().catch((error: unknown) => {
  // Start-up failures go to the console only: without the app there is nothing to show them in.
  console.error('Snxt failed to start', error);
});
