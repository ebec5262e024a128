import { NIGHT_END_HOUR, NIGHT_START_HOUR, THEME_COLORS, THEMES, type Theme } from '../../config/constants';
import type { SettingsState } from './settings-fields';

// The look rules: the app's theme effect and the boot script (before the first paint) both follow them.

const isNightHour = (hour: number) => hour >= NIGHT_START_HOUR || hour <= NIGHT_END_HOUR;

/** What night mode asks, only when it matters: before the first paint each answer costs time. */
export interface NightSigns {
  hour: () => number;
  dark: () => boolean;
}

export function effectiveTheme(settings: SettingsState, now: NightSigns): Theme {
  if (!settings.autoNightMode) return settings.theme;
  const night = settings.nightModeSource === 'system' ? now.dark() : isNightHour(now.hour());
  return night ? settings.nightTheme : settings.theme;
}

const THEME_CLASSES = THEMES.map((theme) => theme.toLowerCase());

// On `<html>`, so portals get it too.
export function showTheme(root: Element, theme: Theme): void {
  const themeClass = theme.toLowerCase();
  root.classList.remove(...THEME_CLASSES.filter((name) => name !== themeClass));
  root.classList.add(themeClass);
  root.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}
