import { startI18n } from '../i18n/i18n-state';
import { pageAnimationsUnsupported } from '../lib/browser';
import { auth, settings, storage } from '../state/app-state';
import { followOtherTabs } from '../state/cross-tab';
import { applyThemeClass, persistState } from '../state/effects';
import { startHourTick } from '../state/hour-tick';

/** Starts the side effects that follow the state (persistence, theme class, language). */
export function startApp(root: HTMLElement = document.documentElement): () => void {
  // Safari and legacy IE / EdgeHTML cannot play page animations smoothly (SPEC §5).
  if (pageAnimationsUnsupported(navigator.userAgent)) settings.changePageAnimationsDisabled(true);
  const stops = [
    startHourTick(settings),
    persistState(storage, settings, auth),
    applyThemeClass(root, settings),
    startI18n(settings, root),
    followOtherTabs(window, storage, settings, auth),
  ];
  return () => stops.forEach((stop) => stop());
}
