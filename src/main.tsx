import './styles/app.css';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { AppProviders } from './app/providers';
import { OTHER_PAGE_CLASS } from './config/constants';
import { startApp } from './app/start-app';
import type { LoadedMessages } from './i18n/load-messages';
import { pathHere, replayEarlyInput } from './lib/early-input';
import { renderSnapshotFirst, snapshotDone, useHydrated } from './lib/use-hydrated';
import { yieldToMain } from './lib/yield-to-main';
import { createAppRouter, keepScrollOnHydration, loadAhead, loadMatchedPages } from './router';
import { i18n } from './features/settings';

type AppRouter = ReturnType<typeof createAppRouter>;

// React DOM's renderer is a first-load chunk of its own (preloaded by the boot script): evaluating it is a task of its own.
const loadRenderer = () => import('react-dom/client');
type Renderer = Awaited<ReturnType<typeof loadRenderer>>;

// Replays once the live state is on screen, in a task of its own; a wrapper, as a sibling would shift every useId below.
function TakeInput({ hydratedPath, children }: { hydratedPath: string | null; children: ReactNode }) {
  const hydrated = useHydrated();
  // The page the boot script hid (built for another path) is replaced now.
  useEffect(() => document.documentElement.classList.remove(OTHER_PAGE_CLASS), []);
  useEffect(() => {
    if (hydrated) setTimeout(() => replayEarlyInput(hydratedPath));
  }, [hydrated, hydratedPath]);
  return children;
}

interface Hydration {
  messages: LoadedMessages;
  path: string;
}

const app = (router: AppRouter, hydration: Hydration | null = null): ReactNode => (
  <StrictMode>
    <AppProviders hydrationMessages={hydration?.messages}>
      <TakeInput hydratedPath={hydration?.path ?? null}>
        <RouterProvider router={router} />
      </TakeInput>
    </AppProviders>
  </StrictMode>
);

function prerenderedHere(container: HTMLElement): boolean {
  return container.dataset.prerendered === pathHere() && container.firstElementChild !== null;
}

// The match, the lazy page and English come first, so the first render is exactly the server's markup.
async function hydrate(router: AppRouter, container: HTMLElement, renderer: Promise<Renderer>): Promise<boolean> {
  const [english, { hydrateRoot }] = await Promise.all([
    i18n().english(),
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
    hydrateRoot(container, app(router, { messages: english, path: pathHere() }));
  });
  return true;
}

// Short tasks, so a phone's main thread stays free for input and paint between them.
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in index.html');
  const prerendered = prerenderedHere(container);
  const renderer = loadRenderer();
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  startApp(router);
  await yieldToMain();
  if (prerendered && (await hydrate(router, container, renderer))) return;
  // Loading now, while the translations are on their way, spares the first render a second pass.
  void loadAhead(router);
  const { createRoot } = await renderer;
  await yieldToMain();
  createRoot(container).render(app(router));
}

start().catch((error: unknown) => {
  // Start-up failures go to the console only: without the app there is nothing to show them in.
  console.error('Snxt failed to start', error);
});
