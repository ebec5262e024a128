import { useEffect, useState } from 'react';
import { PageHeading } from '../../../components/page-heading';
import { LoginIcon } from '../../../components/ui/svg-icons';
import { useT } from '../../../i18n/use-t';
import { login, signInModel } from '../sign-in';

export function SignInGate() {
  const t = useT();
  const state = signInModel()?.gate.value ?? null;
  // A live region announces what changes in it, not what it holds when it appears.
  const [announce, setAnnounce] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounce(true));
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-16 text-center">
      <p role="status" className="flex items-center gap-3 text-lg text-muted">
        {state === 'signing-in' && announce && (
          <>
            <span
              aria-hidden="true"
              className="size-6 animate-spin rounded-full border-4 border-border border-t-primary motion-reduce:animate-none"
            />
            {t('snxt.auth.signingIn')}
          </>
        )}
      </p>
      {state === 'sign-in' && (
        <>
          <PageHeading className="text-2xl font-bold text-text">{t('snxt.auth.signInRequired')}</PageHeading>
          <button
            type="button"
            onClick={() => login()}
            className="inline-flex items-center gap-2 rounded-full bg-primary px-6 py-3 font-semibold text-on-primary shadow-md hover:brightness-110"
          >
            <LoginIcon className="shrink-0 rtl:-scale-x-100" />
            {t('snxt.auth.login')}
          </button>
        </>
      )}
    </div>
  );
}
