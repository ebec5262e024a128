import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  isRedirect,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { auth } from '../../features/auth';
import { startTestState } from '../../test/test-state';
import { guardPage, leavePagesWhenSignedOut, needsSignIn } from './page-guard';

const TEST_OIDC = { authority: 'https://idp.example.com', clientId: 'c', scope: 'openid', cognitoDomain: null };
const SIGNED_IN = { isAuthenticated: true, user: { sub: 'user-1' } };

const requireSignIn = vi.fn(async () => undefined);

const guardOptions = (matches: unknown[], preload = false) =>
  ({
    location: { href: '/profile?tab=1' },
    matches,
    preload,
    abortController: new AbortController(),
    context: { signIn: { requireSignIn } },
  }) as unknown as Parameters<typeof guardPage>[0];

describe('needsSignIn', () => {
  it('is true for a page with requiresAuth among its routes, or for every page with mandatory sign-in', () => {
    expect(needsSignIn([{ staticData: {} }, { staticData: { requiresAuth: true } }], false)).toBe(true);
    expect(
      needsSignIn([{ staticData: {} }, { staticData: { titleKey: 'x' } as { requiresAuth?: boolean } }], false),
    ).toBe(false);
    expect(needsSignIn([{}], true)).toBe(true);
  });

  it('is true for a page for some groups, whoever is signed in (the layout decides on the groups)', () => {
    expect(needsSignIn([{ staticData: {} }, { staticData: { requiresGroups: ['editors'] } }], false)).toBe(true);
  });

  it('takes only a real true', () => {
    expect(needsSignIn([{ staticData: { requiresAuth: 'yes' as unknown as boolean } }], false)).toBe(false);
  });
});

describe('guardPage', () => {
  const protectedPage = [{ staticData: {} }, { staticData: { requiresAuth: true } }];
  beforeEach(() => requireSignIn.mockClear());

  it('leaves an open page alone', () => {
    expect(guardPage(guardOptions([{ staticData: {} }]))).toBeUndefined();
    expect(requireSignIn).not.toHaveBeenCalled();
  });

  it('redirects home, replacing, without sign-in configured', () => {
    vi.spyOn(env, 'oidc', 'get').mockReturnValue(null);
    let thrown: unknown;
    try {
      guardPage(guardOptions(protectedPage));
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({ to: '/', replace: true });
  });

  it('redirects home when the router context holds no sign-in', () => {
    vi.spyOn(env, 'oidc', 'get').mockReturnValue(TEST_OIDC);
    const options = { ...guardOptions(protectedPage), context: {} };
    expect(() => guardPage(options)).toThrow(
      expect.objectContaining({ options: expect.objectContaining({ to: '/' }) }),
    );
    expect(requireSignIn).not.toHaveBeenCalled();
  });

  it('waits for a signed-in user, asking to come back to the page', async () => {
    vi.spyOn(env, 'oidc', 'get').mockReturnValue(TEST_OIDC);
    const options = guardOptions(protectedPage);
    await guardPage(options);
    expect(requireSignIn).toHaveBeenCalledWith('/profile?tab=1', options.abortController.signal);
  });

  it('waits for a signed-in user on a page for some groups too', async () => {
    vi.spyOn(env, 'oidc', 'get').mockReturnValue(TEST_OIDC);
    const options = guardOptions([{ staticData: {} }, { staticData: { requiresGroups: ['editors'] } }]);
    await guardPage(options);
    expect(requireSignIn).toHaveBeenCalledWith('/profile?tab=1', options.abortController.signal);
  });

  it('starts nothing for a preload (hovering a link)', () => {
    vi.spyOn(env, 'oidc', 'get').mockReturnValue(TEST_OIDC);
    expect(guardPage(guardOptions(protectedPage, true))).toBeUndefined();
    expect(requireSignIn).not.toHaveBeenCalled();
  });
});

describe('leavePagesWhenSignedOut', () => {
  async function routerAt(path: string) {
    const rootRoute = createRootRoute();
    const routes = [
      createRoute({ getParentRoute: () => rootRoute, path: '/' }),
      createRoute({ getParentRoute: () => rootRoute, path: '/settings' }),
      createRoute({ getParentRoute: () => rootRoute, path: '/profile', staticData: { requiresAuth: true } }),
      createRoute({ getParentRoute: () => rootRoute, path: '/editors', staticData: { requiresGroups: ['editors'] } }),
    ];
    const router = createRouter({
      routeTree: rootRoute.addChildren(routes),
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    render(<RouterProvider router={router} />);
    await act(() => router.load());
    await vi.waitFor(() => expect(router.state.resolvedLocation?.pathname).toBe(path));
    return router;
  }

  it.each(['/profile', '/editors'])('goes home, replacing, when the user is signed out on %s', async (path) => {
    startTestState({ stored: { 'snxt-AUTH': SIGNED_IN } });
    const router = await routerAt(path);
    const stop = leavePagesWhenSignedOut(router);
    auth().reset({ isAuthenticated: false, user: null });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.history.length).toBe(1);
    stop();
  });

  it('leaves an open page alone', async () => {
    startTestState({ stored: { 'snxt-AUTH': SIGNED_IN } });
    const router = await routerAt('/settings');
    const stop = leavePagesWhenSignedOut(router);
    auth().logout();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(router.state.location.pathname).toBe('/settings');
    stop();
  });
});
