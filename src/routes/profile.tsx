import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/auth/ui/profile-page';

export const Route = createFileRoute('/profile')({
  // For signed-in users only; reached from the user menu.
  staticData: { titleKey: 'snxt.menu.profile', requiresAuth: true },
  component: ProfilePage,
});
