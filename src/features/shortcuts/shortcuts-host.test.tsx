import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestRouter, renderApp } from '../../test/render-app';
import { shortcutCommands } from './shortcut-commands';

afterEach(() => vi.unstubAllGlobals());

const shortcutsDialog = () => screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
const rows = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the keyboard shortcuts', () => {
  it('? opens a dialog listing every shortcut; Escape closes it and focus returns where it was', async () => {
    const { userEvent } = await renderApp();
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
    const { userEvent } = await renderApp();
    await userEvent.keyboard('?');
    expect(rows(await shortcutsDialog())[0]).toEqual(['Open the command palette', '⌘K']);
  });

  it('does nothing while typing in a field, nor with Ctrl, ⌘ or Alt', async () => {
    const { userEvent } = await renderApp(
      <label>
        Note <input />
      </label>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Note' }));
    await userEvent.keyboard('?');
    expect(screen.getByRole('textbox')).toHaveValue('?');
    await userEvent.click(document.body);
    await userEvent.keyboard('{Control>}?{/Control}{Meta>}?{/Meta}{Alt>}?{/Alt}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the Search button carries its shortcut from the table', async () => {
    await renderApp();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
  });

  it('the palette command opens the dialog, and carries the ? shortcut', async () => {
    await renderApp();
    const [command] = shortcutCommands({ router: createTestRouter() });
    expect(command).toMatchObject({ group: 'help', labelKey: 'snxt.shortcuts.title', keyshortcuts: '?' });
    command!.run();
    expect(await shortcutsDialog()).toBeInTheDocument();
  });

  it('speaks the visitor’s language and keeps the keys left to right in Hebrew', async () => {
    const { userEvent } = await renderApp(undefined, { stored: { 'snxt-SETTINGS': { language: 'he' } } });
    await screen.findByRole('button', { name: 'חיפוש' });
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'קיצורי מקלדת' });
    expect(rows(dialog)[0]).toEqual(['פתיחת לוח הפקודות', 'Ctrl+K']);
    expect(within(dialog).getAllByRole('definition')[0]).toHaveAttribute('dir', 'ltr');
  });
});
