import { describe, expect, it, vi } from 'vitest';
import { createTestRouter } from '../../test/render-app';
import { collectCommands, type Command, type CommandSource } from './commands';

const router = createTestRouter();
const may = () => true;
const command = (id: string, group: Command['group']): Command => ({ id, group, labelKey: id, run: vi.fn() });

describe('collectCommands', () => {
  it('asks every source with the context and lists the commands by group', () => {
    const account: CommandSource = () => [command('logout', 'account')];
    const pages = vi.fn<CommandSource>(() => [command('home', 'pages')]);
    const theme: CommandSource = () => [command('black', 'theme'), command('light', 'theme')];
    const ids = collectCommands([account, pages, theme], { router }, may).map((each) => each.id);
    expect(ids).toEqual(['home', 'black', 'light', 'logout']);
    expect(pages).toHaveBeenCalledWith({ router });
  });

  it('keeps the first of two commands with the same id', () => {
    const first = command('home', 'pages');
    const commands = collectCommands([() => [first], () => [command('home', 'pages')]], { router }, may);
    expect(commands).toEqual([first]);
  });

  it('offers a command that requires a permission only to those who hold it', () => {
    const remove = { ...command('delete-all', 'account'), requires: 'books:delete' } as unknown as Command;
    const source: CommandSource = () => [command('home', 'pages'), remove];
    const held = vi.fn(() => true);
    expect(collectCommands([source], { router }, held).map((each) => each.id)).toEqual(['home', 'delete-all']);
    expect(held).toHaveBeenCalledWith('books:delete');
    expect(collectCommands([source], { router }, () => false).map((each) => each.id)).toEqual(['home']);
  });
});
