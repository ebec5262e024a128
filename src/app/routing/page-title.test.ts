import { createRootRoute, createRoute } from '@tanstack/react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../features/settings';
import { captureReports } from '../../test/capture-reports';
import { createTestRouter } from '../../test/render-app';
import { startTestState } from '../../test/test-state';
import { formatPageTitle, startPageTitle } from './page-title';
import { titleKeyAt } from './route-meta';

/** `/`, a titled `/settings` and, under it, an untitled `/settings/advanced`: the app has no page below another. */
function memoryRouter() {
  const root = createRootRoute();
  const settingsRoute = createRoute({
    getParentRoute: () => root,
    path: 'settings',
    staticData: { titleKey: 'snxt.menu.settings' },
  });
  const advanced = createRoute({ getParentRoute: () => settingsRoute, path: 'advanced' });
  const home = createRoute({ getParentRoute: () => root, path: '/' });
  return createTestRouter('/', root.addChildren([home, settingsRoute.addChildren([advanced])]));
}

describe('page title', () => {
  it('formats "route - app" or the app name alone', () => {
    expect(formatPageTitle('Settings', 'Starter Next')).toBe('Settings - Starter Next');
    expect(formatPageTitle(undefined, 'Starter Next')).toBe('Starter Next');
  });

  it('comes from the deepest route: an untitled child does not borrow its parent title', () => {
    const router = memoryRouter();
    expect(titleKeyAt(router, '/')).toBeUndefined();
    expect(titleKeyAt(router, '/settings')).toBe('snxt.menu.settings');
    expect(titleKeyAt(router, '/settings/advanced')).toBeUndefined();
  });

  it('follows navigations and language changes', async () => {
    startTestState();
    const router = memoryRouter();
    await router.load();
    onTestFinished(startPageTitle(router, 'Starter Next'));
    await vi.waitFor(() => expect(document.title).toBe('Starter Next'));
    await router.navigate({ to: '/settings' });
    expect(document.title).toBe('Settings - Starter Next');
    i18n().messages.value = { language: 'de', messages: { 'snxt.menu.settings': 'Einstellungen' }, errors: [] };
    expect(document.title).toBe('Einstellungen - Starter Next');
    await router.navigate({ to: '/settings/advanced' as '/settings' });
    expect(document.title).toBe('Starter Next');
  });

  it('is run by the effect runner: a failure is reported, not thrown', async () => {
    startTestState();
    const reporter = captureReports();
    await vi.waitFor(() => expect(i18n().messages.value).not.toBeNull());
    const brokenDocument = {
      set title(_: string) {
        throw new Error('read-only');
      },
    } as unknown as Document;
    onTestFinished(startPageTitle(memoryRouter(), 'Starter Next', brokenDocument));
    expect(reporter.error).toHaveBeenCalledWith(expect.any(Error), 'Effect "page title" failed (attempt 1)');
  });
});
