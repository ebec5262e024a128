import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as analyticsModule from './gtag';
import { createMemoryStorage, type AppStorage } from '../../lib/storage';
import * as vitalsModule from './web-vitals';
import { startAnalytics } from './start-analytics';
import { otherTabWrites } from '../../test/other-tab';

type Listener = (event: { toLocation: { href: string; pathname: string; searchStr: string } }) => void;

type Location = Parameters<Listener>[0]['toLocation'];

const locationOf = (path: string): Location => {
  const url = new URL(path, 'http://app.test');
  return { href: `${url.pathname}${url.search}`, pathname: url.pathname, searchStr: url.search };
};

function fakeRouter(onScreen?: string) {
  const listeners: Listener[] = [];
  const router = {
    state: { status: 'idle', resolvedLocation: onScreen === undefined ? undefined : locationOf(onScreen) },
    subscribe: vi.fn((type: string, listener: Listener) => {
      if (type === 'onResolved') listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    }),
  };
  const resolve = (path: string) => listeners.forEach((listener) => listener({ toLocation: locationOf(path) }));
  return { router: router as unknown as AnyRouter, subscribe: router.subscribe, resolve };
}

const calls = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const consentCalls = () => calls().filter((args) => args[0] === 'consent');
const AT = '2026-11-24T10:00:00.000Z';
const storedChoice = (analytics: string) => {
  const storage = createMemoryStorage();
  storage.setItem('snxt-CONSENT', JSON.stringify({ analytics, version: 1, at: AT }));
  return storage;
};
const noVitals = () => new Promise<typeof vitalsModule>(() => {});

/** The gtag.js scripts the page asked for (recorded, never loaded). */
function recordScripts() {
  const scripts: string[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    nodes.forEach((node) => node instanceof HTMLScriptElement && scripts.push(node.src));
  });
  return scripts;
}
/** Past the idle callbacks' 2 s deadline (fake timers): what the app does once the page is idle has been done. */
const idle = () => vi.advanceTimersByTimeAsync(3_000);

const start = (router: AnyRouter, options: Parameters<typeof startAnalytics>[1] & { storage?: AppStorage }) =>
  startAnalytics(router, { storage: createMemoryStorage(), loadVitals: noVitals, ...options });

const pageViewCalls = () =>
  (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[1] === 'page_view')
    .map((args) => args[2]);

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  delete window.dataLayer;
  delete window.gtag;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('startAnalytics', () => {
  it('does nothing at all without a measurement id', () => {
    const { router, subscribe } = fakeRouter();
    const load = vi.fn(() => import('./gtag'));
    stops.push(start(router, { id: null, production: true, load }));
    expect(subscribe).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(window.dataLayer).toBeUndefined();
  });

  it('sends one page_view per completed navigation, including those before gtag loaded', async () => {
    const { router, resolve } = fakeRouter();
    let finishLoading: (module: typeof analyticsModule) => void = () => {};
    const load = () => new Promise<typeof analyticsModule>((done) => (finishLoading = done));
    stops.push(start(router, { id: 'G-TEST1234', production: true, load }));
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
    stops.push(start(router, { id: 'G-TEST1234', production: true, load: async () => analyticsModule }));
    await vi.waitFor(() => expect(window.gtag).toBeDefined());
    resolve('/');
    expect(pageViewCalls()).toEqual([
      { page_location: 'http://localhost:3000/settings', page_path: '/settings' },
      { page_location: 'http://localhost:3000/', page_path: '/' },
    ]);
  });

  it('never reports the sign-in answer URL with its one-time code, only the cleaned one', async () => {
    const { router, resolve } = fakeRouter();
    stops.push(start(router, { id: 'G-TEST1234', production: true, load: () => import('./gtag') }));
    resolve('/?code=secret&state=abc');
    resolve('/?error=access_denied&state=abc');
    resolve('/settings');
    await vi.waitFor(() => expect(window.gtag).toBeDefined());
    expect(pageViewCalls()).toEqual([{ page_location: 'http://localhost:3000/settings', page_path: '/settings' }]);
  });

  it('logs page views instead of sending them in development builds', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { router, resolve } = fakeRouter();
    stops.push(start(router, { id: 'G-TEST1234', production: false }));
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

describe('consent', () => {
  const analytics = async () => import('./gtag');
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for nothing from Google while the visitor has not chosen, page views still queue', async () => {
    const scripts = recordScripts();
    const { router } = fakeRouter('/');
    stops.push(start(router, { id: 'G-TEST1234', production: true, load: analytics }));
    await vi.waitFor(() => expect(pageViewCalls()).toHaveLength(1));
    await idle();
    expect(scripts).toEqual([]);
    expect(consentCalls()).toEqual([
      [
        'consent',
        'default',
        { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
      ],
    ]);
  });

  it('a stored "granted" is sent before the first page view, then gtag.js loads', async () => {
    const scripts = recordScripts();
    const { router } = fakeRouter('/');
    stops.push(
      start(router, { id: 'G-TEST1234', production: true, load: analytics, storage: storedChoice('granted') }),
    );
    await vi.waitFor(() => expect(scripts).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1234']));
    expect(calls().map((args) => `${args[0]} ${typeof args[1] === 'string' ? args[1] : ''}`)).toEqual([
      'consent default',
      'js ',
      'config G-TEST1234',
      'consent update',
      'event page_view',
    ]);
    expect(consentCalls()[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
  });

  it('a stored "denied" never loads gtag.js, whatever the navigations', async () => {
    const scripts = recordScripts();
    const { router, resolve } = fakeRouter('/');
    stops.push(start(router, { id: 'G-TEST1234', production: true, load: analytics, storage: storedChoice('denied') }));
    await vi.waitFor(() => expect(pageViewCalls()).toHaveLength(1));
    resolve('/settings');
    await idle();
    expect(pageViewCalls()).toHaveLength(2);
    expect(scripts).toEqual([]);
  });

  it('follows the choice: accepting loads gtag.js once, withdrawing sends "denied"', async () => {
    const scripts = recordScripts();
    const storage = createMemoryStorage();
    const { router } = fakeRouter('/');
    stops.push(start(router, { id: 'G-TEST1234', production: true, load: analytics, storage }));
    await vi.waitFor(() => expect(window.gtag).toBeDefined());
    const fromOtherTab = (analytics: string) =>
      otherTabWrites(storage, 'snxt-CONSENT', JSON.stringify({ analytics, version: 1, at: AT }));
    fromOtherTab('granted');
    await vi.waitFor(() => expect(scripts).toHaveLength(1));
    fromOtherTab('denied');
    fromOtherTab('granted');
    await idle();
    expect(scripts).toHaveLength(1);
    expect(consentCalls().slice(1)).toEqual([
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['consent', 'update', { analytics_storage: 'denied' }],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ]);
  });
  it('withdrawn in another tab: gtag.js gets the withdrawal, then nothing more; page views still go into dataLayer', async () => {
    const scripts = recordScripts();
    const storage = storedChoice('granted');
    const { router, resolve } = fakeRouter('/');
    stops.push(start(router, { id: 'G-TEST1234', production: true, load: analytics, storage }));
    await vi.waitFor(() => expect(scripts).toHaveLength(1));
    // gtag.js arrives: like the real one, it takes over the dataLayer's push.
    const received: unknown[][] = [];
    const layer = window.dataLayer!;
    const push = layer.push;
    layer.push = (...entries: unknown[]) => {
      entries.forEach((entry) => received.push(Array.from(entry as ArrayLike<unknown>)));
      return push.apply(layer, entries);
    };
    resolve('/settings');
    otherTabWrites(storage, 'snxt-CONSENT', JSON.stringify({ analytics: 'denied', version: 1, at: AT }));
    resolve('/');
    resolve('/settings?tab=2');
    expect(received).toEqual([
      ['event', 'page_view', { page_location: 'http://localhost:3000/settings', page_path: '/settings' }],
      ['consent', 'update', { analytics_storage: 'denied' }],
    ]);
    expect(pageViewCalls().slice(-2)).toEqual([
      { page_location: 'http://localhost:3000/', page_path: '/' },
      { page_location: 'http://localhost:3000/settings?tab=2', page_path: '/settings?tab=2' },
    ]);
  });
});

describe('web vitals', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    delete window.dataLayer;
    delete window.gtag;
  });

  it('loads after the first page and sends each metric as an event, whatever the choice', async () => {
    let report: Parameters<typeof vitalsModule.reportWebVitals>[0] | undefined;
    const loadVitals = vi.fn(async () => ({
      ...vitalsModule,
      reportWebVitals: (send: typeof report) => (report = send),
    }));
    const { router } = fakeRouter('/');
    stops.push(start(router, { id: 'G-TEST1234', production: true, load: async () => analyticsModule, loadVitals }));
    await vi.waitFor(() => expect(report).toBeDefined());
    expect(loadVitals).toHaveBeenCalledOnce();
    const event = {
      value: 123,
      metric_id: 'v5-1',
      metric_value: 0.2,
      metric_delta: 0.123,
      metric_rating: 'poor' as const,
    };
    report!('CLS', { ...event, non_interaction: true });
    expect(calls().at(-1)).toEqual(['event', 'CLS', { ...event, non_interaction: true }]);
  });
});

describe('gtag snippet', () => {
  afterEach(() => {
    delete window.dataLayer;
    delete window.gtag;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('queues consent (all denied), js and config without the automatic page view, pushing arguments objects', () => {
    analyticsModule.createGtagAnalytics('G-TEST1234');
    const [consent, js, config] = window.dataLayer!;
    expect(Array.from(consent as ArrayLike<unknown>)).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
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
