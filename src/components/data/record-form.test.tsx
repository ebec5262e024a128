import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openNotes, serveNotes, shelf, type Sent } from '../../test/notes-resource';

// A resource's form (the tests' Notes: Title, Author, Description) on its new and edit pages, with its API answered at
// fetch.

const DUNE = { ...shelf(1)[0]!, id: 'dune', title: 'Dune', author: 'Frank Herbert' };

afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save' });
const summary = () => screen.getByRole('alert', { name: 'There is a problem' });
const summaryLinks = () =>
  within(summary())
    .getAllByRole('link')
    .map((link) => link.textContent);
const messageOf = (label: string) => {
  const describedBy = field(label).getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : undefined;
};

type User = Awaited<ReturnType<typeof openNotes>>['userEvent'];
async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) {
      await user.click(field(label));
      await user.paste(value);
    }
  }
}
const saveWithErrors = async (user: User) => {
  await user.click(save());
  await screen.findByRole('alert', { name: 'There is a problem' });
};

async function openForm(url: string, answer?: (sent: Sent) => Response | undefined) {
  const api = serveNotes([DUNE], answer);
  const rendered = await openNotes(url);
  await screen.findByRole('button', { name: 'Save' });
  return { ...rendered, api };
}

describe('a resource’s form', () => {
  it('has its fields, empty for a new record, and no messages before Save', async () => {
    await openForm('/notes/new');
    for (const label of ['Title', 'Author', 'Description']) {
      expect(field(label)).toHaveValue('');
      expect(field(label)).not.toHaveAttribute('aria-invalid');
      expect(field(label)).not.toHaveAttribute('aria-describedby');
    }
    expect(field('Description').tagName).toBe('TEXTAREA');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on Save marks each invalid field, says why beneath it, and sends nothing; the summary takes focus', async () => {
    const { api, userEvent } = await openForm('/notes/new');
    await fill(userEvent, { Description: 'd'.repeat(2001) });
    await saveWithErrors(userEvent);
    expect(summaryLinks()).toEqual([
      'Enter a title',
      'Enter an author',
      'Description must be 2000 characters or fewer',
    ]);
    expect(summary()).toHaveFocus();
    for (const [label, message] of [
      ['Title', 'Enter a title'],
      ['Author', 'Enter an author'],
      ['Description', 'Description must be 2000 characters or fewer'],
    ] as const) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(messageOf(label)).toBe(message);
      expect(field(label)).toHaveAccessibleDescription(message);
    }
    expect(api.changes()).toEqual([]);
  });

  it('after a Save, checks each field again as it changes, without moving focus', async () => {
    const { userEvent } = await openForm('/notes/new');
    await saveWithErrors(userEvent);
    await userEvent.type(field('Title'), 'Dune');
    expect(field('Title')).not.toHaveAttribute('aria-invalid');
    expect(summaryLinks()).toEqual(['Enter an author']);
    expect(field('Title')).toHaveFocus();
    await fill(userEvent, { Title: 't'.repeat(201) });
    expect(messageOf('Title')).toBe('Title must be 200 characters or fewer');
    expect(field('Title')).toHaveFocus();
  });

  it('takes each summary link to its field', async () => {
    const { userEvent } = await openForm('/notes/new');
    await saveWithErrors(userEvent);
    await userEvent.click(within(summary()).getByRole('link', { name: 'Enter an author' }));
    expect(field('Author')).toHaveFocus();
  });

  it('shows the API’s 400 the same way, its unknown fields left out', async () => {
    const { api, userEvent } = await openForm('/notes/new', ({ method }) =>
      method === 'POST'
        ? Response.json({ errors: { title: 'tooLong', body: 'invalid', __proto__: 'required' } }, { status: 400 })
        : undefined,
    );
    await fill(userEvent, { Title: ' Dune ', Author: 'Frank Herbert' });
    await userEvent.click(save());
    await waitFor(() => expect(summaryLinks()).toEqual(['Title must be 200 characters or fewer']));
    expect(summary()).toHaveFocus();
    expect(api.changes()[0]!.body).toEqual({ title: 'Dune', author: 'Frank Herbert', description: '' });
  });

  it('creates a record: "Note saved." and its own page, replacing the new one', async () => {
    const { api, router, userEvent } = await openForm('/notes/new');
    await fill(userEvent, { Title: 'Dune', Author: 'Frank Herbert' });
    await userEvent.click(save());
    expect(await screen.findByText('Note saved.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes/created-1'));
    expect(api.changes()[0]).toMatchObject({ method: 'POST', path: '/notes' });
    act(() => router.history.back());
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/notes/new'));
  });

  it('edits with the version it loaded (If-Match), and the next Save sends the new one', async () => {
    const { api, userEvent } = await openForm('/notes/dune');
    expect(field('Title')).toHaveValue('Dune');
    await fill(userEvent, { Title: 'Dune Messiah' });
    await userEvent.click(save());
    expect(await screen.findByText('Note saved.')).toBeVisible();
    expect(api.changes()[0]).toMatchObject({ method: 'PUT', path: '/notes/dune', ifMatch: '"v1"' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dune Messiah' })).toBeVisible();
    await fill(userEvent, { Description: 'The sequel.' });
    await userEvent.click(save());
    await waitFor(() => expect(api.changes()).toHaveLength(2));
    expect(api.changes()[1]).toMatchObject({ ifMatch: '"v2"', body: { description: 'The sequel.' } });
  });

  it('on a 412 warns it was changed elsewhere; Reload asks before it replaces the changes', async () => {
    const { api, userEvent } = await openForm('/notes/dune');
    await fill(userEvent, { Title: 'Mine' });
    api.changeElsewhere('dune', 'Theirs');
    await userEvent.click(save());
    expect(await screen.findByText('This note was changed elsewhere.')).toBeVisible();
    expect(field('Title')).toHaveValue('Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(field('Title')).toHaveValue('Theirs'));
    await fill(userEvent, { Author: 'Someone' });
    await userEvent.click(save());
    await waitFor(() => expect(api.changes().at(-1)).toMatchObject({ ifMatch: '"v2"', body: { title: 'Theirs' } }));
  });

  it('asks before a link elsewhere leaves a new record half typed, and keeps the text on Keep editing', async () => {
    const { router, userEvent } = await openForm('/notes/new');
    await fill(userEvent, { Title: 'Half a' });
    await userEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/notes/new');
    expect(field('Title')).toHaveValue('Half a');
  });

  it('offline, Save says so, sends nothing and keeps the form as it is', async () => {
    const { api, userEvent } = await openForm('/notes/dune');
    await fill(userEvent, { Title: 'Offline edit' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(save());
    expect(await screen.findByText("You're offline. Try again when you're back online.")).toBeVisible();
    expect(api.changes()).toEqual([]);
    expect(field('Title')).toHaveValue('Offline edit');
  });
});
