import type { ComponentType, SVGProps } from 'react';
import { SettingsIcon } from '../components/ui/icons';

/**
 * Main navigation entries: shown as toolbar links on wide screens and in the side drawer on
 * narrow ones. Empty today; product pages add `{ to, labelKey }` entries here.
 */
export interface NavEntry {
  to: '/' | '/settings';
  labelKey: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
}

export const MAIN_LINKS: NavEntry[] = [];

export const DRAWER_LINKS: NavEntry[] = [
  ...MAIN_LINKS,
  { to: '/settings', labelKey: 'snxt.menu.settings', icon: SettingsIcon },
];
