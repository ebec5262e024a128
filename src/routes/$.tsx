import { createFileRoute, redirect } from '@tanstack/react-router';

// Any unknown path goes home, replacing the history entry.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
