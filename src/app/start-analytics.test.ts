import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as analyticsModule from '../lib/analytics';
import { startAnalytics } from './start-analytics';

type Listener = (event: { toLocation: { href: string; pathname: string; searchStr: string } }) => void;

type Location = Parameters<Listener>[0]['toLocation'];

const locationOf = (path: string): Location => {
  const url = new URL(path, 'http://app.test');
  return { href: `${url.pathname}${url.search}`, pathname: url.pathname, searchStr: url.search };
};

function fakeRouter(onScreen?: string) {
  const listeners: Listener[] = [];
  const router = {
    state: { resolvedLocation: onScreen === undefined ? undefined : locationOf(onScreen) },
    subscribe: vi.fn((type: string, listener: Listener) => {
      if (type === 'onResolved') listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    }),
  };
  const resolve = (path: string) => listeners.forEach((listener) => listener({ toLocation: locationOf(path) }));
  return { router: router as unknown as AnyRouter, subscribe: router.subscribe, resolve };
}

const pageViewCalls = () =>
  (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[1] === 'page_view')
    .map((args) => args[2]);

describe('startAnalytics', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    delete window.dataLayer;
    delete window.gtag;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('does nothing at all without a measurement id', () => {
    const { router, subscribe } = fakeRouter();
    const load = vi.fn(() => import('../lib/analytics'));
    stops.push(startAnalytics(router, { id: null, production: true, load }));
    expect(subscribe).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(window.dataLayer).toBeUndefined();
  });

  it('sends one page_view per completed navigation, including those before gtag loaded', async () => {
    const { router, resolve } = fakeRouter();
    let finishLoading: (module: typeof analyticsModule) => void = () => {};
    const load = () => new Promise<typeof analyticsModule>((done) => (finishLoading = done));
    stops.push(startAnalytics(router, { id: 'G-TEST1234', production: true, load }));
    resolve('/');
    finishLoading(analyticsModule);
    await vi.waitFor(() => expect(window.gtag).toBeDefined());
    resolve('/settings?tab=2');
    expect(pageViewCalls()).toEqual([
      { page_location: 'http://localhost:3000/', page_path: '/' },
      { page_location: 'http://localhost:3000/settings?tab=2', page_path: '/settings?tab=2' },
    ]);
  });

  it('counts the page already on screen when it starts (it loads beside the first page)', async () => {
    const { router, resolve } = fakeRouter('/settings');
    stops.push(startAnalytics(router, { id: 'G-TEST1234', production: true, load: async () => analyticsModule }));
    await vi.waitFor(() => expect(window.gtag).toBeDefined());
    resolve('/');
    expect(pageViewCalls()).toEqual([
      { page_location: 'http://localhost:3000/settings', page_path: '/settings' },
      { page_location: 'http://localhost:3000/', page_path: '/' },
    ]);
  });

  it('never reports the sign-in answer URL with its one-time code, only the cleaned one', async () => {
    const { router, resolve } = fakeRouter();
    stops.push(startAnalytics(router, { id: 'G-TEST1234', production: true, load: () => import('../lib/analytics') }));
    resolve('/?code=secret&state=abc');
    resolve('/?error=access_denied&state=abc');
    resolve('/settings');
    await vi.waitFor(() => expect(window.gtag).toBeDefined());
    expect(pageViewCalls()).toEqual([{ page_location: 'http://localhost:3000/settings', page_path: '/settings' }]);
  });

  it('logs page views instead of sending them in development builds', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { router, resolve } = fakeRouter();
    stops.push(startAnalytics(router, { id: 'G-TEST1234', production: false }));
    resolve('/settings');
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('[analytics] page_view', {
        page_location: 'http://localhost:3000/settings',
        page_path: '/settings',
      }),
    );
    expect(window.dataLayer).toBeUndefined();
  });
});

describe('gtag snippet', () => {
  afterEach(() => {
    delete window.dataLayer;
    delete window.gtag;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('queues js and config without the automatic page view, pushing arguments objects', () => {
    analyticsModule.createGtagAnalytics('G-TEST1234');
    const [js, config] = window.dataLayer!;
    expect(Object.prototype.toString.call(js)).toBe('[object Arguments]');
    expect(Array.from(js as ArrayLike<unknown>)[0]).toBe('js');
    expect(Array.from(js as ArrayLike<unknown>)[1]).toBeInstanceOf(Date);
    expect(Array.from(config as ArrayLike<unknown>)).toEqual(['config', 'G-TEST1234', { send_page_view: false }]);
  });

  it('adds the gtag.js script only when asked, once', () => {
    // A stand-in document: happy-dom would try (and refuse) to load the script.
    const appended: HTMLScriptElement[] = [];
    const fakeWindow = {
      document: {
        createElement: (tag: string) => document.createElement(tag),
        head: { append: (node: HTMLScriptElement) => appended.push(node) },
      },
    } as unknown as Window;
    const analytics = analyticsModule.createGtagAnalytics('G-TEST1234', fakeWindow);
    expect(appended).toHaveLength(0);
    analytics.loadScript();
    analytics.loadScript();
    expect(appended).toHaveLength(1);
    expect(appended[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
    expect(appended[0]!.async).toBe(true);
  });
});
