import { createModel, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { Language } from '../../config/constants';
import type { OidcEnv } from '../../config/env';
import { cachedPromise } from '../../lib/cached-promise';
import { reportNotice } from '../../lib/notice-bus';
import type { AppStorage } from '../../lib/storage';
import type { AuthModel } from './auth-model';
import { AUTH_NOTICES, takeCarriedNotices } from './auth-notices';
import { currentPath, isSignInCallback, withoutCallbackParams } from './session/callback-url';
import type { ConnectedSession } from './session/session';
import { takeStoredTokens } from './session/stored-session';
import { connectTokens } from './tokens/connect-tokens';

type SignInGate = 'signing-in' | 'sign-in' | null;

interface SignInDeps {
  auth: AuthModel;
  storage: AppStorage;
  oidc: OidcEnv | null;
  /** Read at start for a sign-in answer, and at Login for the page to come back to. */
  location: Pick<Location, 'href' | 'pathname' | 'search' | 'hash'>;
  language: ReadonlySignal<Language>;
  loadSession?: () => Promise<ConnectedSession>;
  // After an idle sign-out (return-page.ts).
  automatic?: boolean;
  returnTo?: (path: string) => string;
}

// oidc-client-ts and the session are a chunk loaded only when needed: never for a signed-out first paint.
export const SignInModel = createModel((deps: SignInDeps) => {
  const { auth, storage, oidc, location, language, loadSession } = deps;
  const gate = signal<SignInGate>(null);
  const session = cachedPromise(
    loadSession ??
      (() =>
        import('./session/session').then((chunk) => chunk.connectSession(auth, storage, oidc, window.location.origin))),
  );
  // Not after a failed answer (no bouncing with the provider) nor once signed in here (no undoing a sign-out).
  let automatic = deps.automatic ?? true;
  let reconciling: Promise<void> = Promise.resolve();
  let settled = reconciling;
  let pendingCallback: Promise<string> | null = null;
  // Not who is signed in (auth.state) but whether this tab could check it: without its sign-in code, no page, no token.
  let unchecked = false;
  const signedIn = () => auth.state.value.isAuthenticated && !unchecked;

  function startLogin(from: string, replace = false): Promise<boolean> {
    const returnTo = deps.returnTo?.(from) ?? from;
    auth.login();
    return session().then(
      (connected) => connected.session.login(returnTo, language.peek(), replace),
      (error: unknown) => {
        console.warn('Could not load sign-in', error);
        reportNotice(AUTH_NOTICES.providerUnavailable);
        return false;
      },
    );
  }

  function reconcile(): Promise<void> {
    if (!auth.state.value.isAuthenticated) return reconciling;
    reconciling = session().then(
      (connected) => connected.reconcileOnce(),
      (error: unknown) => {
        unchecked = true;
        console.warn('Could not load sign-in to check the stored session', error);
      },
    );
    return reconciling;
  }

  function handleAnswer(url: URL): Promise<string> {
    return session()
      .then((connected) => connected.handleCallbackOnce(url.href))
      .catch((error: unknown) => {
        console.warn('Could not load sign-in', error);
        auth.sessionEnded();
        reportNotice(AUTH_NOTICES.signInFailed);
        return withoutCallbackParams(url);
      })
      .finally(() => {
        if (!auth.state.value.isAuthenticated) automatic = false;
      });
  }

  function start(oidc: OidcEnv) {
    for (const notice of takeCarriedNotices()) reportNotice(notice);
    const left = auth.state.peek().isAuthenticated ? null : takeStoredTokens(storage, oidc);
    if (left !== null) {
      session().then(
        (connected) => connected.session.revokeLeftover(left),
        (error: unknown) => console.warn('Could not load sign-in', error),
      );
    }
    const url = new URL(location.href);
    if (!isSignInCallback(url)) {
      settled = reconcile();
    } else {
      // The one check of an answer, out of the first load; should it not load, oidc-client-ts still checks the state.
      pendingCallback = import('./session/pending-sign-in').then(
        (chunk) =>
          chunk.answersPendingSignIn(url).then((pending) => {
            if (pending) return handleAnswer(url);
            void reconcile();
            return chunk.ignoreAnswer(url);
          }),
        () => handleAnswer(url),
      );
      settled = pendingCallback.then(() => reconciling);
    }
    effect(() => connectTokens(auth, storage, oidc, signedIn, session));
  }

  function whenSignedIn(abort?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const stop = effect(() => {
        if (!signedIn()) return;
        resolve();
        queueMicrotask(() => stop());
      });
      abort?.addEventListener('abort', () => stop(), { once: true });
    });
  }

  if (oidc) start(oidc);

  return {
    gate: gate as ReadonlySignal<SignInGate>,

    login(): void {
      void startLogin(currentPath(location));
    },

    logout(): void {
      automatic = false;
      const ended = oidc && takeStoredTokens(storage, oidc);
      auth.logout();
      session().then(
        (connected) => connected.session.endSession(ended),
        (error: unknown) => {
          console.warn('Could not load sign-out', error);
          for (const notice of takeCarriedNotices()) reportNotice(notice);
          reportNotice(AUTH_NOTICES.signOutIncomplete);
        },
      );
    },

    async requireSignIn(returnTo: string, abort?: AbortSignal): Promise<void> {
      await settled;
      if (signedIn()) {
        automatic = false;
        gate.value = null;
        return;
      }
      if (automatic) {
        automatic = false;
        gate.value = 'signing-in';
        void startLogin(returnTo, true).then((left) => {
          if (!left) gate.value = 'sign-in';
        });
      } else if (gate.peek() !== 'signing-in') {
        gate.value = 'sign-in';
      }
      return whenSignedIn(abort);
    },

    // Once, so the URL is cleaned once even when React runs effects twice.
    takePendingCallback(): Promise<string> | null {
      const pending = pendingCallback;
      pendingCallback = null;
      return pending;
    },
  };
});

export type SignInModel = InstanceType<typeof SignInModel>;
