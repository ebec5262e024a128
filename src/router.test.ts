import { createMemoryHistory, createRootRoute, createRoute } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, STORAGE_PREFIX } from './config/constants';
import { createTestRouter } from './test/render-app';
import { startTestState } from './test/test-state';
import { createAppRouter, keepScrollOnHydration, loadAhead } from './router';

function pages() {
  const loaders = { open: vi.fn(async () => 'open'), account: vi.fn(async () => 'account') };
  const root = createRootRoute();
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/items/$id', loader: loaders.open }),
    createRoute({
      getParentRoute: () => root,
      path: '/account',
      staticData: { requiresAuth: true },
      loader: loaders.account,
    }),
  ]);
  return { loaders, routeTree };
}

const signedIn = { [`${STORAGE_PREFIX}${STORAGE_KEYS.auth}`]: { isAuthenticated: true, user: { sub: 'user-1' } } };

describe('loadAhead', () => {
  it('runs the first page’s loader before anything renders, and commits nothing', async () => {
    startTestState();
    const { loaders, routeTree } = pages();
    const router = createTestRouter('/items/7?view=full', routeTree);
    const resolved = vi.fn();
    router.subscribe('onResolved', resolved);

    await loadAhead(router);

    expect(loaders.open).toHaveBeenCalledWith(expect.objectContaining({ params: { id: '7' } }));
    expect(resolved).not.toHaveBeenCalled();
    expect(router.state.resolvedLocation).toBeUndefined();
    expect(router.state.matches).toEqual([]);
  });

  it('loads nothing of a page that needs sign-in while nobody is signed in: its loaders would call APIs with no token', async () => {
    startTestState();
    const { loaders, routeTree } = pages();
    await loadAhead(createTestRouter('/account', routeTree));
    expect(loaders.account).not.toHaveBeenCalled();
  });

  it('loads a page that needs sign-in for someone signed in', async () => {
    startTestState({ stored: signedIn });
    const { loaders, routeTree } = pages();
    await loadAhead(createTestRouter('/account', routeTree));
    expect(loaders.account).toHaveBeenCalled();
  });
});

/** Whether the router scrolls a page it has rendered back to the top (its scrollRestoration option says so). */
function resetsScroll(router: ReturnType<typeof createAppRouter>): boolean {
  const restore = router.options.scrollRestoration;
  if (typeof restore !== 'function') throw new Error('scrollRestoration is not decided per render');
  return restore({ location: router.latestLocation });
}

const scrolledTo = (y: number) => vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);

describe('where a hydrated page stays', () => {
  afterEach(() => vi.restoreAllMocks());
  const router = () => createAppRouter({ history: createMemoryHistory({ initialEntries: ['/settings'] }) });

  it('keeps a scroll the visitor made before the first render, even one not yet reported by a scroll event', () => {
    const app = router();
    keepScrollOnHydration();
    scrolledTo(300);
    expect(resetsScroll(app)).toBe(false);
  });

  it('scrolls to the top as usual on every later page, and on a hydrated page nobody scrolled', () => {
    const app = router();
    keepScrollOnHydration();
    scrolledTo(0);
    expect(resetsScroll(app)).toBe(true);
    scrolledTo(300);
    expect(resetsScroll(app)).toBe(true);
  });

  it('without hydration (a page rendered from scratch) scrolls to the top', () => {
    scrolledTo(300);
    expect(resetsScroll(router())).toBe(true);
  });
});
