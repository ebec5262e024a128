import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRoute,
  type AnyRouter,
} from '@tanstack/react-router';
import { effect } from '@preact/signals-react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import type { AppRouterContext } from '../app/routing/page-guard';
import { STORAGE_KEYS, STORAGE_PREFIX, type Language } from '../config/constants';
import { env } from '../config/env';
import type { UserProfile } from '../features/auth';
import { i18n } from '../features/settings';
import { compileMessages } from '../i18n/compile-messages';
import { createMessagesLoader, type LoadedMessages, type Messages } from '../i18n/load-messages';
import type { AppStorage } from '../lib/storage';
import { renderSnapshotFirst, snapshotDone } from '../lib/use-hydrated';
import { createAppRouter, loadMatchedPages } from '../router';
import { startTestState } from './test-state';

const translations = import.meta.glob<Record<string, string>>('../../public/assets/i18n/*.json', { import: 'default' });
const fetchTranslation = async (url: RequestInfo | URL) => {
  const file = translations[`../../public/assets/i18n/${String(url).split('/').pop()}`];
  return file ? Response.json(await file()) : new Response(null, { status: 404 });
};
const loadMessages = createMessagesLoader(fetchTranslation);

export interface RenderAppOptions {
  /** Where the router starts (default '/'). */
  url?: string;
  /** Signed in as this user (stored as snxt-AUTH); signed out without. */
  user?: UserProfile;
  /** Other stored values by key, e.g. { 'snxt-SETTINGS': { language: 'de' } }, JSON-encoded. */
  stored?: Record<string, unknown>;
  /** The storage the app reads and writes (default: a fresh one in memory). */
  storage?: AppStorage;
  /** Routes of the test's own, without `ui`, for a page the app does not have (default: the app's). */
  routeTree?: AnyRoute;
  /** The router's context, e.g. a stand-in sign-in for pages that need it (the app's start puts the real one). */
  context?: AppRouterContext;
  /** Texts of the test's own by language, over the app's (English beneath the others, as the app loads them). */
  messages?: Partial<Record<Language, Messages>>;
}

export function createTestRouter(url = '/', routeTree?: AnyRoute): AnyRouter {
  const history = createMemoryHistory({ initialEntries: [url] });
  return routeTree ? createRouter({ routeTree, history }) : createAppRouter({ history });
}

/** Resolves once the app's texts are in: at once when they change, not at a polling interval's next tick. */
const textsLoaded = () =>
  new Promise<void>((resolve) => {
    const stop = effect(() => {
      if (i18n().messages.value === null) return;
      resolve();
      queueMicrotask(() => stop());
    });
  });

/** The app's texts with the test's own over them. */
const withMessages =
  (extra: Partial<Record<Language, Messages>>) =>
  async (language: Language): Promise<LoadedMessages> => {
    const loaded = await loadMessages(language);
    const messages = { ...loaded.messages, ...extra.en, ...extra[language] };
    return { ...loaded, messages, compiled: await compileMessages(messages) };
  };

async function startTestApp(
  ui: ReactNode,
  { url = '/', user, stored = {}, storage, routeTree, context, messages }: RenderAppOptions,
) {
  const auth = user ? { [`${STORAGE_PREFIX}${STORAGE_KEYS.auth}`]: { isAuthenticated: true, user } } : {};
  startTestState({
    storage,
    stored: { ...stored, ...auth },
    loadMessages: messages ? withMessages(messages) : loadMessages,
  });
  const router = createTestRouter(url, ui === undefined ? routeTree : createRootRoute({ component: () => ui }));
  if (context) router.update({ context });
  await Promise.all([router.load().then(() => loadMatchedPages(router)), textsLoaded()]);
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  return { router, app };
}

/** Starts the test's state; renders the real providers and a router at `url` with the app's pages, or `ui` as root. */
export async function renderApp(ui?: ReactNode, options: RenderAppOptions = {}) {
  const { router, app } = await startTestApp(ui, options);
  return { ...render(app), router, userEvent: userEvent.setup({ delay: null }) };
}

const TEST_OIDC = { authority: 'https://idp.example.com', clientId: 'c', scope: 'openid', cognitoDomain: null };

/** A page for signed-in users at `url` as `user` sees it: sign-in configured, and a stand-in that starts none. */
export function renderSignedIn(url: string, user: UserProfile, options: Omit<RenderAppOptions, 'url' | 'user'> = {}) {
  vi.spyOn(env, 'oidc', 'get').mockReturnValue(TEST_OIDC);
  const signIn = { requireSignIn: async () => undefined };
  return renderApp(undefined, { ...options, url, user, context: { signIn, ...options.context } });
}

export async function prerenderApp(ui?: ReactNode, options: RenderAppOptions = {}): Promise<string> {
  const { app } = await startTestApp(ui, options);
  renderSnapshotFirst();
  try {
    const { prelude } = await prerender(app);
    return await new Response(prelude).text();
  } finally {
    snapshotDone();
  }
}
