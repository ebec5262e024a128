import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { startTestState } from '../../test/test-state';
import { ProfilePage } from './profile-page';

const signedIn = (user: Record<string, unknown>) =>
  startTestState({ stored: { 'snxt-AUTH': { isAuthenticated: true, user: { sub: 'user-1', ...user } } } });

describe('ProfilePage', () => {
  it("shows the user's groups, comma-separated", () => {
    signedIn({ name: 'Ada', groups: ['editors', 'snxt-demo-users'] });
    renderWithIntl(<ProfilePage />);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Groups']);
    expect(screen.getAllByRole('definition')[1]).toHaveTextContent(/^editors, snxt-demo-users$/);
  });

  it('has no Groups row without groups', () => {
    signedIn({ name: 'Ada' });
    renderWithIntl(<ProfilePage />);
    expect(screen.queryByText('Groups')).toBeNull();
  });
});
