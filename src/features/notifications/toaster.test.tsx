import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ShownNotice } from './notifications-model';
import { compileMessages } from '../../i18n/compile-messages';
import { Toaster, type Translate } from './toaster';

const english: Translate = (_id, defaultMessage) => defaultMessage;
const error: ShownNotice = {
  id: 1,
  kind: 'error',
  messageId: 'snxt.errors.generic',
  defaultMessage: 'An error occurred.',
  durationMs: 3000,
};

describe('Toaster', () => {
  it('shows a notice in the notifications region with its English fallback text', async () => {
    render(<Toaster notices={[error]} onDismiss={() => undefined} translate={english} />);
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(await screen.findByRole('listitem')).toHaveTextContent(/^An error occurred\.$/);
    expect(region).toContainElement(screen.getByRole('listitem'));
  });

  it('uses loaded translations when there are some', async () => {
    const german: Translate = (id, fallback) =>
      id === 'snxt.errors.generic' ? 'Ein Fehler ist aufgetreten.' : fallback;
    render(<Toaster notices={[error]} onDismiss={() => undefined} translate={german} />);
    expect(await screen.findByRole('listitem')).toHaveTextContent('Ein Fehler ist aufgetreten.');
  });

  it('is dismissed with its close button', async () => {
    const onDismiss = vi.fn();
    render(<Toaster notices={[{ ...error, kind: 'info', id: 7 }]} onDismiss={onDismiss} translate={english} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledWith(7);
  });

  it('offers the action of a snack bar as a button', async () => {
    const run = vi.fn();
    const snackBar: ShownNotice = {
      id: 2,
      kind: 'info',
      messageId: 'snxt.update.available',
      defaultMessage: 'A new version is available.',
      action: { labelId: 'snxt.update.reload', defaultLabel: 'Reload', run },
      durationMs: 0,
    };
    render(<Toaster notices={[snackBar]} onDismiss={() => undefined} translate={english} />);
    await act(async () => userEvent.click(await screen.findByRole('button', { name: 'Reload' })));
    expect(run).toHaveBeenCalledOnce();
  });
});

describe('a notice with values', () => {
  it('is formatted from the compiled texts on screen, plurals too', async () => {
    const messages = {
      language: 'en' as const,
      messages: {},
      compiled: await compileMessages({
        'snxt.test.deleted': '{n, plural, one {# note deleted.} other {# notes deleted.}}',
      }),
      errors: [],
    };
    const notice: ShownNotice = {
      ...error,
      kind: 'success',
      messageId: 'snxt.test.deleted',
      defaultMessage: '3',
      values: { n: 3 },
    };
    render(<Toaster notices={[notice]} onDismiss={() => undefined} translate={english} messages={messages} />);
    expect(await screen.findByRole('listitem')).toHaveTextContent(/^3 notes deleted\.$/);
  });
});
