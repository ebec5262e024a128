import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { WIDE_LAYOUT_MIN_WIDTH_PX } from '../../config/constants';
import { useT } from '../../i18n/use-t';
import { ConsentBannerSlot } from '../../features/analytics';
import { IdleWarningSlot } from '../../features/auth';
import { ShortcutsSlot } from '../../features/shortcuts';
import { Footer } from './footer';
import { RouteAnnouncer } from './route-announcer';
import { SideDrawer } from './side-drawer';
import { Toolbar } from './toolbar';
import { useWideLayout } from './use-wide-layout';

export function Shell({ children, authSlot }: { children: ReactNode; authSlot?: ReactNode }) {
  const t = useT();
  const wide = useWideLayout();
  const [drawerWanted, setDrawerOpen] = useState(false);
  const drawerOpen = drawerWanted && !wide;
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Crossing to the wide layout closes the drawer, so narrowing again does not bring it back.
  useEffect(() => {
    const media = window.matchMedia(`(min-width: ${WIDE_LAYOUT_MIN_WIDTH_PX}px)`);
    const onChange = () => setDrawerOpen(false);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  const closeDrawer = useCallback(() => {
    setDrawerOpen((wasOpen) => {
      if (wasOpen) menuButtonRef.current?.focus();
      return false;
    });
  }, []);

  return (
    <div className="relative min-h-dvh overflow-x-clip">
      <a
        href="#main-content"
        className="fixed start-2 top-2 z-50 -translate-y-20 rounded-md bg-primary px-4 py-2 font-medium text-on-primary focus:translate-y-0"
      >
        {t('snxt.a11y.skipToContent')}
      </a>
      <SideDrawer open={drawerOpen} onClose={closeDrawer} />
      <div
        className={`flex min-h-dvh flex-col transition-[translate] duration-drawer ease-in-out motion-reduce:transition-none ${
          drawerOpen ? 'translate-x-drawer rtl:-translate-x-drawer' : ''
        }`}
      >
        <Toolbar
          drawerOpen={drawerOpen}
          onMenuClick={() => setDrawerOpen((open) => !open)}
          menuButtonRef={menuButtonRef}
          authSlot={authSlot}
        />
        <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <Footer />
        {__GA_MEASUREMENT_ID__ && <ConsentBannerSlot />}
        {__IDLE_TIMEOUT_MINUTES__ && <IdleWarningSlot />}
        <RouteAnnouncer />
        <ShortcutsSlot />
        {drawerOpen && (
          <button
            type="button"
            tabIndex={-1}
            aria-label={t('snxt.menu.close')}
            className="absolute inset-0 z-30 cursor-default bg-black/30"
            onClick={closeDrawer}
          />
        )}
      </div>
    </div>
  );
}
