import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { LoginIcon } from '../../../components/ui/svg-icons';
import { env } from '../../../config/env';
import { useT } from '../../../i18n/use-t';
import { useHydrated } from '../../../lib/use-hydrated';
import { auth } from '../auth-model';
import { withoutCallbackParams } from '../session/callback-url';
import { login, logout, signInModel } from '../sign-in';
import { toolbarAuthButton, UserMenuButton } from './user-menu-button';

const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

function useSignInCallback() {
  const router = useRouter();
  useEffect(() => {
    const pending = signInModel()?.takePendingCallback();
    if (!pending) return;
    const cleaned = withoutCallbackParams(new URL(window.location.href));
    router.history.replace(cleaned);
    void pending.then((path) => {
      // Someone who navigated on meanwhile stays where they went.
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      if (path !== cleaned && here === cleaned) router.history.replace(path);
    });
  }, [router]);
}

function SignInControls() {
  const t = useT();
  const router = useRouter();
  useSignInCallback();
  const hydrated = useHydrated();
  const { isAuthenticated, user } = auth().state.value;

  if (hydrated && isAuthenticated && user) {
    const onLogout = () => {
      logout();
      void router.navigate({ to: '/' });
    };
    return (
      <Suspense fallback={<UserMenuButton user={user} disabled />}>
        <UserMenu user={user} trigger={<UserMenuButton user={user} />} onLogout={onLogout} />
      </Suspense>
    );
  }
  return (
    <button
      type="button"
      className={toolbarAuthButton}
      onClick={() => login()}
      // The prerender does not know who is signed in: hidden before the app runs from whom storage says is (app.css).
      data-signed-out-only={hydrated ? undefined : ''}
    >
      <LoginIcon className="shrink-0 rtl:-scale-x-100" />
      <span className="max-sm:sr-only">{t('snxt.auth.login')}</span>
    </button>
  );
}

export function AuthControls({ enabled = env.oidc !== null }: { enabled?: boolean }) {
  return enabled ? <SignInControls /> : null;
}
