import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAppNames } from '../../i18n/use-app-names';
import { useT } from '../../i18n/use-t';
import { useHydrated } from '../../lib/use-hydrated';
import { auth } from '../../features/auth';
import { Logo } from './logo';
import { navEntries } from '../routing/route-meta';

interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
}

export function SideDrawer({ open, onClose }: SideDrawerProps) {
  const t = useT();
  const { short } = useAppNames();
  const visitor = auth().state.value;
  const links = navEntries(useRouter(), ['main', 'drawer'], useHydrated() ? visitor : null);
  const firstLinkRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstLinkRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <div
      id="side-drawer"
      inert={!open}
      // Visible at once when opening (a hidden link cannot take focus), hidden only after the slide-out.
      className={`fixed inset-y-0 start-0 z-40 flex w-drawer flex-col border-e border-border bg-surface text-text shadow-xl duration-drawer ease-in-out motion-reduce:transition-none ${
        open
          ? 'visible translate-x-0 transition-[translate]'
          : 'invisible -translate-x-full transition-[translate,visibility] rtl:translate-x-full'
      }`}
    >
      <div className="flex h-16 items-center gap-3 border-b border-border px-4">
        <Logo size={32} />
        <span className="text-lg font-semibold">{short}</span>
      </div>
      <nav aria-label={t('snxt.menu.drawer')} className="flex-1 overflow-y-auto p-2">
        <ul className="flex flex-col gap-1">
          {links.map((link, index) => (
            <li key={link.to}>
              <Link
                ref={index === 0 ? firstLinkRef : undefined}
                to={link.to}
                onClick={onClose}
                className="flex items-center gap-4 rounded-lg px-4 py-3 font-medium hover:bg-surface-raised"
                activeProps={{ 'aria-current': 'page', className: 'bg-surface-raised text-primary' }}
              >
                {link.icon && <link.icon className="shrink-0 text-muted" />}
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
