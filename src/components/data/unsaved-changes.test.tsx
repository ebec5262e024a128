import { createRootRoute, createRoute, Link } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { useUnsavedChanges } from './unsaved-changes';

// A page with changes of its own (a checkbox says whether there are any) in a router of the test's own.
function Editor() {
  const [changed, setChanged] = useState(false);
  const [replaced, setReplaced] = useState(0);
  const { dialog, confirmDiscard } = useUnsavedChanges(() => changed);
  return (
    <main>
      <h1>Editor</h1>
      <label>
        <input type="checkbox" checked={changed} onChange={(event) => setChanged(event.target.checked)} />
        Changed
      </label>
      <Link to="/">Home</Link>
      <button type="button" onClick={() => confirmDiscard(() => setReplaced((count) => count + 1))}>
        Reload
      </button>
      <p>Reloaded {replaced} times</p>
      {dialog}
    </main>
  );
}

const root = createRootRoute();
const routeTree = root.addChildren([
  createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home page</h1> }),
  createRoute({ getParentRoute: () => root, path: '/edit', component: Editor }),
]);

async function openEditor(changed: boolean) {
  const rendered = await renderApp(undefined, { url: '/', routeTree });
  await act(async () => rendered.router.history.push('/edit'));
  await screen.findByRole('heading', { name: 'Editor' });
  if (changed) await rendered.userEvent.click(screen.getByRole('checkbox', { name: 'Changed' }));
  return { ...rendered, where: () => rendered.router.state.location.pathname };
}

const asking = () => screen.findByRole('alertdialog', { name: 'Discard changes?' });

describe('useUnsavedChanges', () => {
  it('lets a page without changes go at once', async () => {
    const { userEvent, where } = await openEditor(false);
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeVisible();
    expect(where()).toBe('/');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before a link leaves changes: Keep editing stays with them, Discard goes', async () => {
    const { userEvent, where } = await openEditor(true);
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await asking();
    expect(dialog).toHaveAccessibleDescription('The changes you made here will be lost.');
    expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(where()).toBe('/edit');
    expect(screen.getByRole('checkbox', { name: 'Changed' })).toBeChecked();

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await userEvent.click(within(await asking()).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeVisible();
    expect(where()).toBe('/');
  });

  // Back and forward are the browser history's to block (the end-to-end tests); the test's router keeps its history in memory.
  it('asks before a navigation from code (the palette) too, and Escape keeps editing', async () => {
    const { router, userEvent, where } = await openEditor(true);
    act(() => void router.navigate({ to: '/' }));
    await asking();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(where()).toBe('/edit');

    act(() => void router.navigate({ to: '/' }));
    await userEvent.click(within(await asking()).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('stops asking once the changes are gone', async () => {
    const { userEvent, where } = await openEditor(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Changed' }));
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks the same before something replaces the changes on the page, and does it only on Discard', async () => {
    const { userEvent } = await openEditor(false);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByText('Reloaded 1 times')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Changed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await userEvent.click(within(await asking()).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByText('Reloaded 1 times')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await userEvent.click(within(await asking()).getByRole('button', { name: 'Discard' }));
    expect(screen.getByText('Reloaded 2 times')).toBeVisible();
  });
});
