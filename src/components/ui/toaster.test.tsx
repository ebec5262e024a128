import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createNotificationsState } from '../../state/notifications';
import { Toaster, type Translate } from './toaster';

const english: Translate = (_id, defaultMessage) => defaultMessage;

describe('Toaster', () => {
  it('shows a toast in the notifications region with its English fallback text', async () => {
    const store = createNotificationsState();
    render(<Toaster store={store} translate={english} />);
    act(
      () => void store.show({ kind: 'error', messageId: 'snxt.errors.generic', defaultMessage: 'An error occurred.' }),
    );
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(await screen.findByRole('listitem')).toHaveTextContent(/^An error occurred\.$/);
    expect(region).toContainElement(screen.getByRole('listitem'));
  });

  it('uses loaded translations when there are some', async () => {
    const store = createNotificationsState();
    const german: Translate = (id, fallback) =>
      id === 'snxt.errors.generic' ? 'Ein Fehler ist aufgetreten.' : fallback;
    render(<Toaster store={store} translate={german} />);
    act(
      () => void store.show({ kind: 'error', messageId: 'snxt.errors.generic', defaultMessage: 'An error occurred.' }),
    );
    expect(await screen.findByRole('listitem')).toHaveTextContent('Ein Fehler ist aufgetreten.');
  });

  it('is dismissed with its close button', async () => {
    const store = createNotificationsState();
    render(<Toaster store={store} translate={english} />);
    act(() => void store.show({ kind: 'info', messageId: 'x', defaultMessage: 'Saved', snackBar: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(store.toasts.value).toEqual([]);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
