import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home';

// No title: the page title is the app name alone.
export const Route = createFileRoute('/')({
  staticData: { commandKey: 'snxt.menu.home' },
  component: HomePage,
});
