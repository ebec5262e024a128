import { effect, untracked } from '@preact/signals-react';
import { redirect, useMatches, type AnyRouter, type ParsedLocation } from '@tanstack/react-router';
import { env } from '../config/env';
import { requireSignIn } from '../features/auth/sign-in';
import { auth } from '../state/app-state';

interface MatchMeta {
  staticData?: { requiresAuth?: boolean };
}

/** Whether a page (its matched routes) is only for signed-in users: `requiresAuth`, or mandatory sign-in. */
export function needsSignIn(matches: readonly MatchMeta[], required = env.authRequired): boolean {
  return required || matches.some((match) => match.staticData?.requiresAuth === true);
}

interface GuardOptions {
  location: ParsedLocation;
  preload: boolean;
  abortController: AbortController;
}

/**
 * The root route's `beforeLoad`: a page for signed-in users loads only once someone is signed in.
 * Until then the navigation waits (the sign-in gate shows) while a signed-out visitor goes to the
 * hosted sign-in. Without sign-in configured such a page redirects home. A preload (hovering a
 * link) starts nothing.
 */
export function guardPage(options: GuardOptions): Promise<void> | void {
  // Not in GuardOptions: the router's type of its matches depends on the route tree, so on this guard.
  const { location, matches, preload, abortController } = options as GuardOptions & { matches: readonly MatchMeta[] };
  if (preload || !needsSignIn(matches)) return undefined;
  if (!env.oidc) throw redirect({ to: '/', replace: true });
  return requireSignIn(location.href, abortController.signal);
}

/** Whether the page on screen is only for signed-in users. */
export const usePageNeedsSignIn = (): boolean => useMatches({ select: (matches) => needsSignIn(matches) });

/**
 * When the user is signed out (Logout, another tab, a session that ended) on a page with
 * `requiresAuth`, the app goes home; with mandatory sign-in the page is checked again (the gate).
 */
export function leavePagesWhenSignedOut(router: AnyRouter): () => void {
  let wasSignedIn = auth.state.peek().isAuthenticated;
  return effect(() => {
    const signedIn = auth.state.value.isAuthenticated;
    if (wasSignedIn && !signedIn) {
      untracked(() => {
        // Only a page that is on screen: at start-up a stale "signed in" ends before any is.
        if (!router.state.resolvedLocation) return;
        if (needsSignIn(router.state.matches, false)) router.history.replace('/');
        else if (env.authRequired) void router.invalidate();
      });
    }
    wasSignedIn = signedIn;
  });
}
