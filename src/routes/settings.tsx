import { createFileRoute } from '@tanstack/react-router';
import { SettingsIcon } from '../components/ui/svg-icons';
import { SettingsPage } from '../features/settings';

export const Route = createFileRoute('/settings')({
  // In the drawer only: the toolbar's cog leads here on wide screens.
  staticData: { titleKey: 'snxt.menu.settings', nav: 'drawer', navIcon: SettingsIcon },
  component: SettingsPage,
});
