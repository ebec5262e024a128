import { createRootRoute, createRoute } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { recordTitle } from '../../lib/resources/record-title';
import { Breadcrumbs } from './breadcrumbs';

// The trail comes from route metadata: routes of the test's own, titled by texts of the test's own, each showing it.
const Page = () => (
  <main>
    <Breadcrumbs />
  </main>
);
const root = createRootRoute();
const routeTree = root.addChildren([
  createRoute({ getParentRoute: () => root, path: '/', staticData: { commandKey: 'snxt.menu.home' }, component: Page }),
  createRoute({
    getParentRoute: () => root,
    path: '/notes/',
    staticData: { titleKey: 'snxt.test.notes' },
    component: Page,
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/notes/new',
    staticData: { titleKey: 'snxt.test.newNote' },
    component: Page,
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/notes/$id',
    staticData: { titleKey: 'snxt.test.note', titleFromData: recordTitle },
    loader: ({ params }) => ({ record: { title: params.id === 'dune' ? 'Dune' : '<b>Not markup</b>' }, etag: '"v1"' }),
    component: Page,
  }),
]);

const messages = {
  en: { 'snxt.test.notes': 'Notes', 'snxt.test.newNote': 'New note', 'snxt.test.note': 'Note' },
  de: { 'snxt.test.notes': 'Notizen', 'snxt.test.newNote': 'Neue Notiz', 'snxt.test.note': 'Notiz' },
};
const trail = () => screen.getByRole('navigation', { name: 'Breadcrumb' });
const items = () => within(trail()).getAllByRole('listitem');

describe('Breadcrumbs', () => {
  it('is an ordered list Home › Notes › the page, in a navigation named Breadcrumb', async () => {
    await renderApp(undefined, { url: '/notes/new', routeTree, messages });
    expect(within(trail()).getByRole('list').tagName).toBe('OL');
    expect(items().map((item) => item.textContent)).toEqual(['Home›', 'Notes›', 'New note']);
    expect(within(trail()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail()).getByRole('link', { name: 'Notes' })).toHaveAttribute('href', '/notes');
  });

  it('names the page last, as the current page and not a link; the separators are not read', async () => {
    await renderApp(undefined, { url: '/notes/new', routeTree, messages });
    const last = items().at(-1)!;
    expect(within(last).queryByRole('link')).toBeNull();
    expect(within(last).getByText('New note')).toHaveAttribute('aria-current', 'page');
    expect(
      within(trail())
        .getAllByText('›')
        .every((separator) => separator.getAttribute('aria-hidden') === 'true'),
    ).toBe(true);
  });

  it('marks only the last item as the current page, not the links above it (the router marks a link to a parent active)', async () => {
    await renderApp(undefined, { url: '/notes/dune', routeTree, messages });
    const current = trail().querySelectorAll('[aria-current]');
    expect([...current].map((element) => element.textContent)).toEqual(['Dune']);
  });

  it('names a page titled by its data by that data, as text', async () => {
    await renderApp(undefined, { url: '/notes/dune', routeTree, messages });
    expect(items().map((item) => item.textContent)).toEqual(['Home›', 'Notes›', 'Dune']);
    await renderApp(undefined, { url: '/notes/other', routeTree, messages });
    expect(screen.getAllByRole('navigation', { name: 'Breadcrumb' }).at(-1)).toHaveTextContent('<b>Not markup</b>');
  });

  it('is in the language on screen', async () => {
    await renderApp(undefined, {
      url: '/notes/new',
      routeTree,
      messages,
      stored: { 'snxt-SETTINGS': { language: 'de' } },
    });
    const german = screen.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    expect(
      within(german)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Startseite›', 'Notizen›', 'Neue Notiz']);
  });
});
