import { createRootRoute, createRoute } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { bookTitle } from './book-title';
import { Breadcrumbs } from './breadcrumbs';

// The trail comes from route metadata: routes of the test's own with the Books pages' titles, each showing the trail.
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
    path: '/books/',
    staticData: { titleKey: 'snxt.books.title' },
    component: Page,
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/books/new',
    staticData: { titleKey: 'snxt.books.newBook' },
    component: Page,
  }),
  createRoute({
    getParentRoute: () => root,
    path: '/books/$id',
    staticData: { titleKey: 'snxt.books.book', titleFromData: bookTitle },
    loader: ({ params }) => ({ book: { title: params.id === 'dune' ? 'Dune' : '<b>Not markup</b>' }, etag: '"v1"' }),
    component: Page,
  }),
]);

const trail = () => screen.getByRole('navigation', { name: 'Breadcrumb' });
const items = () => within(trail()).getAllByRole('listitem');

describe('Breadcrumbs', () => {
  it('is an ordered list Home › Books › the page, in a navigation named Breadcrumb', async () => {
    await renderApp(undefined, { url: '/books/new', routeTree });
    expect(within(trail()).getByRole('list').tagName).toBe('OL');
    expect(items().map((item) => item.textContent)).toEqual(['Home›', 'Books›', 'New book']);
    expect(within(trail()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail()).getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/books');
  });

  it('names the page last, as the current page and not a link; the separators are not read', async () => {
    await renderApp(undefined, { url: '/books/new', routeTree });
    const last = items().at(-1)!;
    expect(within(last).queryByRole('link')).toBeNull();
    expect(within(last).getByText('New book')).toHaveAttribute('aria-current', 'page');
    expect(
      within(trail())
        .getAllByText('›')
        .every((separator) => separator.getAttribute('aria-hidden') === 'true'),
    ).toBe(true);
  });

  it('marks only the last item as the current page, not the links above it (the router marks a link to a parent active)', async () => {
    await renderApp(undefined, { url: '/books/dune', routeTree });
    const current = trail().querySelectorAll('[aria-current]');
    expect([...current].map((element) => element.textContent)).toEqual(['Dune']);
  });

  it('names a page titled by its data by that data, as text', async () => {
    await renderApp(undefined, { url: '/books/dune', routeTree });
    expect(items().map((item) => item.textContent)).toEqual(['Home›', 'Books›', 'Dune']);
    await renderApp(undefined, { url: '/books/other', routeTree });
    expect(screen.getAllByRole('navigation', { name: 'Breadcrumb' }).at(-1)).toHaveTextContent('<b>Not markup</b>');
  });

  it('is in the language on screen', async () => {
    await renderApp(undefined, { url: '/books/new', routeTree, stored: { 'snxt-SETTINGS': { language: 'de' } } });
    const german = screen.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    expect(
      within(german)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Startseite›', 'Bücher›', 'Neues Buch']);
  });
});
