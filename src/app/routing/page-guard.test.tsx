import { createRootRoute, createRoute, isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { auth } from '../../features/auth';
import { renderApp } from '../../test/render-app';
import { guardPage, leavePagesWhenSignedOut, needsSignIn } from './page-guard';

const TEST_OIDC = { authority: 'https://idp.example.com', clientId: 'c', scope: 'openid', cognitoDomain: null };

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
  // Without the app's guard, which turns a build without sign-in away from /profile; and with a page for some groups.
  const root = createRootRoute();
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/' }),
    createRoute({ getParentRoute: () => root, path: '/settings' }),
    createRoute({ getParentRoute: () => root, path: '/profile', staticData: { requiresAuth: true } }),
    createRoute({ getParentRoute: () => root, path: '/editors', staticData: { requiresGroups: ['editors'] } }),
  ]);
  const signedInAt = async (url: string) =>
    (await renderApp(undefined, { url, user: { sub: 'user-1' }, routeTree })).router;

  it.each(['/profile', '/editors'])('goes home, replacing, when the user is signed out on %s', async (path) => {
    const router = await signedInAt(path);
    expect(router.state.resolvedLocation?.pathname).toBe(path);
    const stop = leavePagesWhenSignedOut(router);
    auth().reset({ isAuthenticated: false, user: null });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.history.length).toBe(1);
    stop();
  });

  it('leaves an open page alone', async () => {
    const router = await signedInAt('/settings');
    const stop = leavePagesWhenSignedOut(router);
    auth().logout();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(router.state.location.pathname).toBe('/settings');
    stop();
  });
});
