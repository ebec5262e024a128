import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestRouter, renderApp } from '../../test/render-app';
import { shortcutCommands } from './shortcut-commands';
import { ShortcutsHost } from './shortcuts-host';

afterEach(() => vi.unstubAllGlobals());

/** The app with the `?` listener in place: its code loads once the page is on screen. */
async function renderWithShortcuts(...args: Parameters<typeof renderApp>) {
  const rendered = await renderApp(...args);
  await act(() => import('./shortcuts-host'));
  return rendered;
}

const shortcutsDialog = () => screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
const rows = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the keyboard shortcuts', () => {
  it('? opens a dialog listing every shortcut; Escape closes it and focus returns where it was', async () => {
    const { userEvent } = await renderWithShortcuts();
    const cog = within(screen.getByRole('banner')).getByRole('link', { name: 'Settings' });
    cog.focus();
    await userEvent.keyboard('?');
    const dialog = await shortcutsDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(rows(dialog)).toEqual([
      ['Open the command palette', 'Ctrl+K'],
      ['Show keyboard shortcuts', '?'],
      ['Close a dialog or menu', 'Escape'],
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(cog).toHaveFocus());
  });

  it('shows ⌘K on Apple platforms', async () => {
    vi.stubGlobal('navigator', { ...navigator, platform: 'MacIntel' });
    const { userEvent } = await renderWithShortcuts();
    await userEvent.keyboard('?');
    expect(rows(await shortcutsDialog())[0]).toEqual(['Open the command palette', '⌘K']);
  });

  it('does nothing while typing in a text field, nor with Ctrl, ⌘ or Alt', async () => {
    const { userEvent } = await renderApp(
      <>
        <ShortcutsHost />
        <label>
          Note <input />
        </label>
      </>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Note' }));
    await userEvent.keyboard('?');
    expect(screen.getByRole('textbox')).toHaveValue('?');
    await userEvent.click(document.body);
    await userEvent.keyboard('{Control>}?{/Control}{Meta>}?{/Meta}{Alt>}?{/Alt}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.keyboard('?');
    expect(await shortcutsDialog()).toBeInTheDocument();
  });

  it('opens from a switch, in a dialog of its own too', async () => {
    const { userEvent } = await renderApp(
      <>
        <ShortcutsHost />
        <div role="dialog" aria-label="Preferences">
          <button type="button" role="switch" aria-checked="false">
            Compact
          </button>
        </div>
      </>,
    );
    screen.getByRole('switch', { name: 'Compact' }).focus();
    await userEvent.keyboard('?');
    expect(await shortcutsDialog()).toBeInTheDocument();
  });

  it('the Search button carries its shortcut from the table', async () => {
    await renderWithShortcuts();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
  });

  it('the palette command opens the dialog, and carries the ? shortcut', async () => {
    await renderWithShortcuts();
    const [command] = shortcutCommands({ router: createTestRouter() });
    expect(command).toMatchObject({ group: 'help', labelKey: 'snxt.shortcuts.title', keyshortcuts: '?' });
    command!.run();
    expect(await shortcutsDialog()).toBeInTheDocument();
  });

  it('speaks the visitor’s language and keeps the keys left to right in Hebrew', async () => {
    const { userEvent } = await renderWithShortcuts(undefined, { stored: { 'snxt-SETTINGS': { language: 'he' } } });
    await screen.findByRole('button', { name: 'חיפוש' });
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'קיצורי מקלדת' });
    expect(rows(dialog)[0]).toEqual(['פתיחת לוח הפקודות', 'Ctrl+K']);
    expect(within(dialog).getAllByRole('definition')[0]).toHaveAttribute('dir', 'ltr');
  });
});
