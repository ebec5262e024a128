// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerenderPaths, renderPage } from './prerender-entry';

describe('the prerendered pages', () => {
  // Every effect of the app's state runs against the detached root: a failing one is reported on the console.
  const consoleError = () => vi.mocked(console.error);
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => expect(consoleError()).not.toHaveBeenCalled());

  it('are every route of the tree without path parameters (a new page joins them by itself)', () => {
    const paths = prerenderPaths();
    expect(paths).toEqual(expect.arrayContaining(['/', '/profile', '/settings']));
    expect(paths.filter((path) => path.includes('$') || (path !== '/' && path.endsWith('/')))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('holds a page as the app renders it, for hydration', async () => {
    const page = await renderPage('/settings');
    expect(page).toMatchObject({ title: 'Settings - Starter Next', hydrates: true });
    expect(page.html).toContain('>Settings</h1>');
  });

  it('holds only the frame of a page for signed-in users, which the app renders afresh', async () => {
    const page = await renderPage('/profile');
    expect(page).toMatchObject({ title: 'Profile - Starter Next', hydrates: false });
    expect(page.html).toMatch(/<header[\s\S]*<main id="main-content"[^>]*><\/main>[\s\S]*<footer/);
  });
});
