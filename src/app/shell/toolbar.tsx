import { Link, useRouter } from '@tanstack/react-router';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { MenuIcon, SettingsIcon } from '../../components/ui/svg-icons';
import { useAppNames } from '../../i18n/use-app-names';
import { useT } from '../../i18n/use-t';
import { useHydrated } from '../../lib/use-hydrated';
import { auth } from '../../features/auth';
import { useSettings, LanguageSelect } from '../../features/settings';
import { CommandPaletteButton } from '../../features/command-palette';
import { PALETTE_SHORTCUT } from '../../features/shortcuts';
import { loadCommandPalette } from '../load-command-palette';
import { Logo } from './logo';
import { navEntries } from '../routing/route-meta';

interface ToolbarProps {
  drawerOpen: boolean;
  onMenuClick: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
  authSlot?: ReactNode;
}

const toolbarButton =
  'inline-flex h-[40px] min-w-[40px] items-center justify-center rounded-full text-on-toolbar hover:bg-on-toolbar/10 focus-visible:outline-toolbar-focus';

const focusFirstDrawerLink = (event: KeyboardEvent) => {
  event.preventDefault();
  document.querySelector<HTMLElement>('#side-drawer nav a')?.focus();
};

export function Toolbar({ drawerOpen, onMenuClick, menuButtonRef, authSlot }: ToolbarProps) {
  const t = useT();
  const names = useAppNames();
  const visitor = auth().state.value;
  const mainLinks = navEntries(useRouter(), ['main'], useHydrated() ? visitor : null);
  const sticky = useSettings().stickyHeader;
  return (
    <header
      className={`${sticky ? 'sticky top-0' : 'relative'} @container z-30 bg-toolbar text-on-toolbar shadow-md`}
      data-sticky={sticky}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-4">
        <button
          ref={menuButtonRef}
          type="button"
          className={`${toolbarButton} wide:hidden`}
          aria-label={t('snxt.menu.open')}
          aria-expanded={drawerOpen}
          aria-controls="side-drawer"
          onKeyDown={(event) => drawerOpen && event.key === 'ArrowDown' && focusFirstDrawerLink(event)}
          onClick={onMenuClick}
        >
          <MenuIcon />
        </button>
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md px-1 py-1 font-semibold focus-visible:outline-toolbar-focus"
        >
          <Logo size={32} className="shrink-0 rounded-lg ring-1 ring-on-toolbar/40" />
          {/* Shown where the bar holds it whole (its icons take 198px, its text and spacing 10.5rem at any text size). */}
          <span className="truncate text-lg sm:hidden @max-[calc(198px+10.5rem)]:sr-only">{names.short}</span>
          <span className="hidden truncate text-lg sm:inline">{names.long}</span>
        </Link>
        <nav aria-label={t('snxt.menu.main')} className="ms-4 hidden wide:block">
          <ul className="flex items-center gap-1">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded-md px-3 py-2 font-medium hover:bg-on-toolbar/10 focus-visible:outline-toolbar-focus"
                  activeProps={{ 'aria-current': 'page', className: 'bg-on-toolbar/15' }}
                >
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <CommandPaletteButton className={toolbarButton} load={loadCommandPalette} shortcut={PALETTE_SHORTCUT} />
          {authSlot}
          <Link to="/settings" className={toolbarButton} aria-label={t('snxt.menu.settings')}>
            <SettingsIcon />
          </Link>
          <LanguageSelect />
        </div>
      </div>
    </header>
  );
}
