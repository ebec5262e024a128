import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../public/assets/i18n/en.json';
import type { Language } from '../../config/constants';
import type { Command } from './commands';
import { renderApp } from '../../test/render-app';
import { CommandPalette } from './palette-dialog';

const commandList = (): Command[] => [
  { id: 'home', group: 'pages', labelKey: 'snxt.menu.home', run: vi.fn() },
  { id: 'settings', group: 'pages', labelKey: 'snxt.menu.settings', run: vi.fn() },
  { id: 'black', group: 'theme', labelKey: 'snxt.settings.themes.black', run: vi.fn() },
  { id: 'de', group: 'language', label: { text: 'Deutsch', lang: 'de-DE' }, keywords: ['German'], run: vi.fn() },
  { id: 'es', group: 'language', label: { text: 'Español', lang: 'es-ES' }, keywords: ['Spanish'], run: vi.fn() },
  { id: 'sticky', group: 'preferences', labelKey: 'snxt.settings.stickyHeader.turnOff', run: vi.fn() },
  { id: 'login', group: 'account', labelKey: 'snxt.auth.login', run: vi.fn() },
];

const loadEnglish = () => Promise.resolve(en);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <CommandPalette open={open} onOpenChange={setOpen} commands={COMMANDS} loadEnglish={loadEnglish} />
    </>
  );
}

async function openPalette(language: Language = 'en') {
  const { userEvent } = await renderApp(<Harness />, { stored: { 'snxt-SETTINGS': { language } } });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return userEvent;
}

const input = () => screen.getByRole('combobox');
const activeOption = () => document.getElementById(input().getAttribute('aria-activedescendant') ?? '');
const expectActive = (name: string) => waitFor(() => expect(activeOption()).toHaveTextContent(name));
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

let COMMANDS: Command[];

describe('CommandPalette', () => {
  beforeEach(() => {
    COMMANDS = commandList();
    Element.prototype.scrollIntoView = () => undefined;
  });

  it('is a modal dialog with a combobox and the commands in named groups', async () => {
    await openPalette();
    const dialog = screen.getByRole('dialog', { name: 'Command palette' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('combobox', { name: 'Type a command or search' })).toHaveFocus();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await expectActive('Home');
    const groups = screen.getAllByRole('group').map((group) => group.getAttribute('aria-labelledby'));
    expect(groups.map((id) => document.getElementById(id!)?.textContent)).toEqual([
      'Pages',
      'Theme',
      'Language',
      'Preferences',
      'Account',
    ]);
    expect(optionNames()).toEqual([
      'Home',
      'Settings',
      'Black',
      'Deutsch',
      'Español',
      'Turn off sticky header',
      'Login',
    ]);
    expect(screen.getByText('Deutsch')).toHaveAttribute('lang', 'de-DE');
  });

  it('filters case-insensitively and makes the best match the active option', async () => {
    const user = await openPalette();
    await user.type(input(), 'STICKY');
    expect(optionNames()).toEqual(['Turn off sticky header']);
    await expectActive('Turn off sticky header');
    await user.clear(input());
    await user.type(input(), 'theme');
    expect(optionNames()).toEqual(['Black']);
    await user.clear(input());
    await user.type(input(), 'login');
    expect(optionNames()[0]).toBe('Login');
    await expectActive('Login');
    await user.clear(input());
    await user.type(input(), 'nothing like it');
    expect(screen.getByText('No results.')).toBeInTheDocument();
  });

  it('finds commands in the active language and in English', async () => {
    const user = await openPalette('de');
    await waitFor(() => expect(input()).toHaveAccessibleName('Befehl eingeben oder suchen'));
    await user.type(input(), 'einstellungen');
    await expectActive('Einstellungen');
    await user.clear(input());
    await user.type(input(), 'settings');
    await waitFor(() => expect(activeOption()).toHaveTextContent('Einstellungen'));
    await user.clear(input());
    await user.type(input(), 'german');
    expect(optionNames()).toEqual(['Deutsch']);
  });

  it('finds a command by its words in English and in the active language', async () => {
    COMMANDS.push(
      {
        id: 'light',
        group: 'theme',
        labelKey: 'snxt.settings.themes.light',
        keywordsKey: 'snxt.settings.themes.light.keywords',
        run: vi.fn(),
      },
      {
        id: 'night',
        group: 'theme',
        labelKey: 'snxt.settings.autoNightMode.turnOn',
        keywordsKey: 'snxt.settings.autoNightMode.keywords',
        run: vi.fn(),
      },
    );
    COMMANDS[2]!.keywordsKey = 'snxt.settings.themes.black.keywords';
    const user = await openPalette('de');
    await waitFor(() => expect(input()).toHaveAccessibleName('Befehl eingeben oder suchen'));
    for (const search of ['dark', 'dunkel']) {
      await user.clear(input());
      await user.type(input(), search);
      expect(optionNames(), search).toEqual(['Schwarz', 'Automatischen Nachtmodus einschalten']);
    }
    await user.clear(input());
    await user.type(input(), 'light');
    await expectActive('Hell');
  });

  it('puts a command with the search as a whole word first: "de" finds Deutsch before Default', async () => {
    COMMANDS[3]!.keywords = ['German', 'DE'];
    COMMANDS.push({ id: 'default', group: 'theme', labelKey: 'snxt.settings.themes.default', run: vi.fn() });
    const user = await openPalette();
    await user.type(input(), 'de');
    await expectActive('Deutsch');
    expect(optionNames()).toEqual(expect.arrayContaining(['Default', 'Deutsch']));
    await user.clear(input());
    await user.type(input(), 'def');
    await expectActive('Default');
  });

  it('names an option with its setting from message ids, and finds it by the English words of both', async () => {
    COMMANDS.push({
      id: 'theme.black',
      group: 'preferences',
      labelKey: 'snxt.palette.choice',
      labelArgs: { setting: 'snxt.settings.theme', option: 'snxt.settings.themes.black' },
      run: vi.fn(),
    });
    const user = await openPalette('fr');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Thème\u00a0: Noir' })).toBeInTheDocument());
    await user.type(input(), 'theme black');
    await waitFor(() => expect(activeOption()?.textContent).toBe('Thème\u00a0: Noir'));
  });

  it('marks what is chosen now with a check and "current" as its description, in the active language', async () => {
    COMMANDS[2]!.current = true;
    COMMANDS[3]!.current = true;
    await openPalette('de');
    const black = await screen.findByRole('option', { name: 'Schwarz' });
    await waitFor(() => expect(black).toHaveAccessibleDescription('aktuell'));
    expect(black.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveAccessibleDescription('aktuell');
    const others = screen
      .getAllByRole('option')
      .filter((option) => !['Schwarz', 'Deutsch'].includes(option.textContent));
    expect(others.length).toBeGreaterThan(0);
    for (const option of others) {
      expect(option).toHaveAccessibleDescription('');
      expect(option.querySelector('svg')).toBeNull();
    }
  });

  it('runs the active option on Enter once closed, and gives focus back', async () => {
    const user = await openPalette();
    await user.keyboard('{ArrowDown}');
    await expectActive('Settings');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(COMMANDS[1]!.run).toHaveBeenCalledOnce());
    expect(COMMANDS[0]!.run).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on Escape without running anything, focus back where it was', async () => {
    const user = await openPalette();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    for (const command of COMMANDS) expect(command.run).not.toHaveBeenCalled();
  });
});
