import { FormattedMessage } from 'react-intl';
import { useAppNames } from '../../i18n/use-app-names';
import { APP_VERSION } from '../../config/constants';
import { env } from '../../config/env';
import { Tooltip } from '../../components/ui/tooltip';
import { useHydrated } from '../../lib/use-hydrated';
import { Logo } from './logo';

export function Footer() {
  const { short } = useAppNames();
  // The prerender's year until hydration is done, so a page built last year still hydrates cleanly.
  const year = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <footer className="border-t border-border bg-surface text-muted">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-5 text-sm">
        <span className="inline-flex items-center gap-2">
          <span>© {year}</span>
          <Logo size={20} />
          <span className="font-semibold text-text">{short}</span>
        </span>
        <span className="inline-flex items-center gap-1">
          <Tooltip content={<FormattedMessage id="snxt.footer.changelog" />}>
            <a
              href="/changelog.txt"
              className="rounded px-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              v{APP_VERSION}
            </a>
          </Tooltip>
          {env.envName !== 'PROD' && <span>({env.envName})</span>}
        </span>
      </div>
    </footer>
  );
}
