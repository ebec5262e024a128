import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { env } from '../../config/env';
import { renderSignedIn } from '../../test/render-app';

// The app's own /profile route, signed in with these claims.
async function openProfile(claims: Record<string, unknown>) {
  await renderSignedIn('/profile', { sub: 'user-1', ...claims });
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
}

describe('ProfilePage', () => {
  it("shows the user's groups, comma-separated", async () => {
    await openProfile({ name: 'Ada', groups: ['editors', 'snxt-demo-users'] });
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Groups']);
    expect(screen.getAllByRole('definition')[1]).toHaveTextContent(/^editors, snxt-demo-users$/);
  });

  it('has no Groups row without groups', async () => {
    await openProfile({ name: 'Ada' });
    expect(screen.queryByText('Groups')).toBeNull();
  });

  describe('with an idle sign-out', () => {
    afterEach(() => {
      delete env.idleTimeoutMinutes;
    });

    it('says after how long without activity the user is signed out', async () => {
      env.idleTimeoutMinutes = 15;
      await openProfile({ name: 'Ada' });
      expect(screen.getByText('You will be signed out after 15 minutes without activity.')).toBeInTheDocument();
    });

    it('says nothing of it without one', async () => {
      await openProfile({ name: 'Ada' });
      expect(screen.queryByText(/without activity/)).toBeNull();
    });
  });
});
