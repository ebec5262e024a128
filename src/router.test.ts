import { createRootRoute, createRoute } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, STORAGE_PREFIX } from './config/constants';
import { createTestRouter } from './test/render-app';
import { startTestState } from './test/test-state';
import { loadAhead } from './router';

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
