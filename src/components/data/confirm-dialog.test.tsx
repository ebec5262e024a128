import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { ConfirmDialog } from './confirm-dialog';

function Asking({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Delete the note
      </button>
      <ConfirmDialog
        open={open}
        title="Delete “Dune”?"
        description="This cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => (setOpen(false), onConfirm())}
        onCancel={() => (setOpen(false), onCancel())}
      />
    </main>
  );
}

async function openDialog() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const { userEvent } = await renderApp(<Asking onConfirm={onConfirm} onCancel={onCancel} />);
  await userEvent.click(screen.getByRole('button', { name: 'Delete the note' }));
  return { onConfirm, onCancel, userEvent, dialog: screen.getByRole('alertdialog') };
}

describe('ConfirmDialog', () => {
  it('is closed until asked', async () => {
    await renderApp(<Asking onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is an alert dialog named by its title and described by its text, focus on the safe choice', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleName('Delete “Dune”?');
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('confirms with its action, once, and does not cancel too', async () => {
    const { onConfirm, onCancel, userEvent } = await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancels with Cancel, or with Escape', async () => {
    const { onConfirm, onCancel, userEvent } = await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Delete the note' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps the page behind it out of reach while open', async () => {
    await openDialog();
    expect(screen.queryByRole('button', { name: 'Delete the note' })).toBeNull();
  });
});
