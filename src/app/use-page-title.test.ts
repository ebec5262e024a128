import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeMessages } from '../i18n/i18n-state';
import { connectReporter } from '../lib/report';
import { formatPageTitle, startPageTitle } from './use-page-title';

function fakeRouter(titleKey?: string) {
  const listeners: (() => void)[] = [];
  const router = {
    state: { matches: [{ staticData: {} }, { staticData: titleKey ? { titleKey } : {} }] },
    subscribe: (_type: string, listener: () => void) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  const navigate = (key?: string) => {
    router.state.matches = [{ staticData: {} }, { staticData: key ? { titleKey: key } : {} }];
    listeners.forEach((listener) => listener());
  };
  return { router: router as unknown as AnyRouter, navigate };
}

describe('page title', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    activeMessages.value = null;
  });

  it('formats "route - app" or the app name alone', () => {
    expect(formatPageTitle('Settings', 'Starter Next')).toBe('Settings - Starter Next');
    expect(formatPageTitle(undefined, 'Starter Next')).toBe('Starter Next');
  });

  it('follows navigations and language changes', () => {
    activeMessages.value = { language: 'en', messages: { 'snxt.menu.settings': 'Settings' }, errors: [] };
    const { router, navigate } = fakeRouter();
    stops.push(startPageTitle(router, 'Starter Next'));
    expect(document.title).toBe('Starter Next');
    navigate('snxt.menu.settings');
    expect(document.title).toBe('Settings - Starter Next');
    activeMessages.value = { language: 'de', messages: { 'snxt.menu.settings': 'Einstellungen' }, errors: [] };
    expect(document.title).toBe('Einstellungen - Starter Next');
    navigate(undefined);
    expect(document.title).toBe('Starter Next');
  });

  it('is run by the effect runner: a failure is reported, not thrown', () => {
    const reporter = { error: vi.fn(), notice: vi.fn() };
    stops.push(connectReporter(reporter));
    activeMessages.value = { language: 'en', messages: {}, errors: [] };
    const brokenDocument = {
      set title(_: string) {
        throw new Error('read-only');
      },
    } as unknown as Document;
    stops.push(startPageTitle(fakeRouter().router, 'Starter Next', brokenDocument));
    expect(reporter.error).toHaveBeenCalledWith(expect.any(Error), 'Effect "page title" failed (attempt 1)');
  });
});
