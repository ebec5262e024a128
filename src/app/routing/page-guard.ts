import { effect, untracked } from '@preact/signals-react';
import { redirect, useMatches, type AnyRouter, type ParsedLocation } from '@tanstack/react-router';
import { env } from '../../config/env';
import {
  type SignInModel,
  auth,
  type AuthState,
  routeAccess,
  type AccessNeeds,
  type RouteAccess,
} from '../../features/auth';

export interface AppRouterContext {
  signIn?: Pick<SignInModel, 'requireSignIn'>;
}

interface MatchMeta {
  staticData?: AccessNeeds;
}

const needsOf = (matches: readonly MatchMeta[]) => matches.map((match) => match.staticData);

export function needsSignIn(matches: readonly MatchMeta[], required = env.authRequired): boolean {
  return routeAccess(needsOf(matches), null, required) !== 'open';
}

interface GuardOptions {
  location: ParsedLocation;
  preload: boolean;
  abortController: AbortController;
  context: AppRouterContext;
}

export function guardPage(options: GuardOptions): Promise<void> | void {
  // The router's type of its matches depends on the route tree, so on this guard.
  const { location, matches, preload, abortController, context } = options as GuardOptions & {
    matches: readonly MatchMeta[];
  };
  if (preload || !needsSignIn(matches)) return undefined;
  if (!env.oidc || !context.signIn) throw redirect({ to: '/', replace: true });
  return context.signIn.requireSignIn(location.href, abortController.signal);
}

export const usePageAccess = (visitor: AuthState): RouteAccess =>
  useMatches({ select: (matches) => routeAccess(needsOf(matches), visitor) });

export function leavePagesWhenSignedOut(router: AnyRouter): () => void {
  let wasSignedIn = auth().state.peek().isAuthenticated;
  let user = auth().state.peek().user?.sub;
  return effect(() => {
    const signedIn = auth().state.value.isAuthenticated;
    // No page's loaded data outlives its user: the router keeps it for quick returns.
    if (auth().state.value.user?.sub !== user) untracked(() => router.clearCache());
    user = auth().state.value.user?.sub;
    if (wasSignedIn && !signedIn) {
      untracked(() => {
        // Only a page on screen: at start-up a stale "signed in" ends before any is.
        if (!router.state.resolvedLocation) return;
        if (needsSignIn(router.state.matches, false)) router.history.replace('/');
        else if (env.authRequired) void router.invalidate();
      });
    }
    wasSignedIn = signedIn;
  });
}
