import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_POLICIES } from '../../config/trusted-types.mjs';

type Rules = { createScriptURL?: (input: string) => string };

/** What a policy hands out: an object (not a string) that a sink accepts. */
class FakeTrustedScriptURL {
  constructor(readonly url: string) {}
  toString() {
    return this.url;
  }
}

/** A browser's `trustedTypes` that records the policies created and refuses a name twice, as Chromium does. */
function fakeTrustedTypes() {
  const rules = new Map<string, Rules>();
  const factory = {
    createPolicy(name: string, policyRules: Rules) {
      if (rules.has(name)) throw new TypeError(`Policy "${name}" exists`);
      rules.set(name, policyRules);
      return {
        name,
        createScriptURL: (input: string) => new FakeTrustedScriptURL(policyRules.createScriptURL!(input)),
      };
    },
  };
  return { factory, rules };
}

/** A window whose document records the scripts added to it and what their `src` was set to. */
function fakeWindow() {
  const scripts: { async?: boolean; src?: unknown }[] = [];
  const win = {
    document: {
      createElement: () => ({}),
      head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
    },
  };
  return { win: win as unknown as Window, scripts };
}

/** A fresh copy of the analytics module, loaded in a browser with (or without) Trusted Types. */
async function loadAnalytics(trustedTypes = true) {
  const tt = fakeTrustedTypes();
  vi.stubGlobal('trustedTypes', trustedTypes ? tt.factory : undefined);
  vi.resetModules();
  return { module: await import('./gtag'), policies: tt.rules };
}

const GTAG_URL = 'https://www.googletagmanager.com/gtag/js?id=G-ABC123';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gtag.js under Trusted Types', () => {
  it('creates its one policy, once, when the module loads', async () => {
    const { module, policies } = await loadAnalytics();
    expect([...policies.keys()]).toEqual([APP_POLICIES.analytics]);
    module.createGtagAnalytics('G-ABC123', fakeWindow().win).loadScript();
    module.createGtagAnalytics('G-ABC123', fakeWindow().win).loadScript();
    expect([...policies.keys()]).toEqual([APP_POLICIES.analytics]);
  });

  it('loads gtag.js with a script URL made by that policy, not a string', async () => {
    const { module } = await loadAnalytics();
    const { win, scripts } = fakeWindow();
    module.createGtagAnalytics('G-ABC123', win).loadScript();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBeInstanceOf(FakeTrustedScriptURL);
    expect(String(scripts[0]!.src)).toBe(GTAG_URL);
    expect(scripts[0]!.async).toBe(true);
  });

  it.each([
    'https://attacker.example/gtag/js?id=G-ABC123',
    'https://www.googletagmanager.com.attacker.example/gtag/js?id=G-ABC123',
    'https://www.googletagmanager.com@attacker.example/gtag/js?id=G-ABC123',
    'https://attacker.example@www.googletagmanager.com/gtag/js?id=G-ABC123',
    'http://www.googletagmanager.com/gtag/js?id=G-ABC123',
    '//www.googletagmanager.com/gtag/js?id=G-ABC123',
    'HTTPS://WWW.GOOGLETAGMANAGER.COM/gtag/js?id=G-ABC123',
    ' https://www.googletagmanager.com/gtag/js?id=G-ABC123',
    'https://www.googletagmanager.com:443/gtag/js?id=G-ABC123',
    'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
    'https://www.googletagmanager.com/gtag/js?id=GTM-ABC123',
    'https://www.googletagmanager.com/gtag/js/../../x.js?id=G-ABC123',
    'https://www.googletagmanager.com/gtag/js?id=G-ABC123&l=attackerLayer',
    'https://www.googletagmanager.com/gtag/js?id=G-ABC123#x',
    'https://www.googletagmanager.com/gtag/js?id=G-ABC123%0A',
    'https://www.googletagmanager.com/gtag/js?id=',
    'https://www.googletagmanager.com/gtag/js',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    '/gtag/js?id=G-ABC123',
    '',
  ])('the policy refuses %j', async (url) => {
    const { policies } = await loadAnalytics();
    const createScriptURL = policies.get(APP_POLICIES.analytics)!.createScriptURL!;
    expect(() => createScriptURL(url)).toThrow(TypeError);
    expect(createScriptURL(GTAG_URL)).toBe(GTAG_URL);
  });

  it('an id that does not make the plain gtag.js URL loads nothing', async () => {
    const { module } = await loadAnalytics();
    for (const id of ['G-ABC123&l=x', 'GTM-ABC123', '', '../x']) {
      const { win, scripts } = fakeWindow();
      expect(() => module.createGtagAnalytics(id, win).loadScript(), id).toThrow(TypeError);
      expect(scripts, id).toEqual([]);
    }
  });

  it('without Trusted Types in the browser, loads the same checked URL as a string', async () => {
    const { module, policies } = await loadAnalytics(false);
    expect(policies.size).toBe(0);
    const { win, scripts } = fakeWindow();
    module.createGtagAnalytics('G-ABC123', win).loadScript();
    expect(scripts[0]!.src).toBe(GTAG_URL);
    const hostile = fakeWindow();
    expect(() => module.createGtagAnalytics('G-ABC123&l=x', hostile.win).loadScript()).toThrow(TypeError);
    expect(hostile.scripts).toEqual([]);
  });
});

/** A page for gtag: its dataLayer, cookies (each write recorded) and the scripts it was asked to add. */
function fakePage(hostname = 'app.example.com', cookie = '') {
  const cookieWrites: string[] = [];
  const scripts: { src?: unknown; onload?: () => void; onerror?: () => void }[] = [];
  const win = {
    location: { hostname },
    document: {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        cookieWrites.push(value);
      },
      createElement: () => ({}),
      head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
    },
  } as unknown as Window;
  return { win, cookieWrites, scripts };
}

/** A stand-in for gtag.js: like the real one it takes over the dataLayer it finds (its push), and records what it gets. */
function runGtagJs(win: Window): unknown[][] {
  const layer = win.dataLayer!;
  const received = layer.map((entry) => Array.from(entry as ArrayLike<unknown>));
  const push = layer.push;
  layer.push = (...entries: unknown[]) => {
    entries.forEach((entry) => received.push(Array.from(entry as ArrayLike<unknown>)));
    return push.apply(layer, entries);
  };
  return received;
}

const named = (entries: unknown[][]) => entries.map((args) => `${String(args[0])} ${String(args[1])}`);

describe('withdrawing consent', () => {
  it('stops feeding gtag.js at once: it learns of the withdrawal, then nothing more; dataLayer still takes page views', async () => {
    const { module } = await loadAnalytics(false);
    const { win, scripts } = fakePage();
    const analytics = module.createGtagAnalytics('G-ABC123', win);
    analytics.consent('granted');
    analytics.loadScript();
    const received = runGtagJs(win);
    scripts[0]!.onload?.();
    analytics.event('page_view', { page_path: '/' });
    analytics.consent('denied');
    analytics.event('page_view', { page_path: '/settings' });
    analytics.event('LCP', { value: 1 });
    expect(named(received).slice(-3)).toEqual(['consent update', 'event page_view', 'consent update']);
    expect(received.at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(named((win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>))).slice(-2)).toEqual([
      'event page_view',
      'event LCP',
    ]);
  });

  it('given again, feeds gtag.js again from then on; what came in between never reaches it', async () => {
    const { module } = await loadAnalytics(false);
    const { win, scripts } = fakePage();
    const analytics = module.createGtagAnalytics('G-ABC123', win);
    analytics.consent('granted');
    analytics.loadScript();
    const received = runGtagJs(win);
    scripts[0]!.onload?.();
    analytics.consent('denied');
    analytics.event('page_view', { page_path: '/while-withdrawn' });
    analytics.consent('granted');
    analytics.event('page_view', { page_path: '/after' });
    expect(received.slice(-2)).toEqual([
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['event', 'page_view', { page_path: '/after' }],
    ]);
    expect(JSON.stringify(received)).not.toContain('/while-withdrawn');
  });

  it('when gtag.js is still on its way, it finds nothing from after the withdrawal when it runs', async () => {
    const { module } = await loadAnalytics(false);
    const { win, scripts } = fakePage();
    const analytics = module.createGtagAnalytics('G-ABC123', win);
    analytics.consent('granted');
    analytics.loadScript();
    analytics.consent('denied');
    analytics.event('page_view', { page_path: '/settings' });
    const received = runGtagJs(win);
    scripts[0]!.onload?.();
    analytics.event('page_view', { page_path: '/later' });
    expect(received.at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(JSON.stringify(received)).not.toMatch(/\/settings|\/later/);
    await vi.waitFor(() =>
      expect(JSON.stringify(win.dataLayer!.map((entry) => Array.from(entry as ArrayLike<unknown>)))).toMatch(
        /\/settings.*\/later/,
      ),
    );
  });

  it('deletes the _ga and _ga_* cookies for the host and each parent domain, and no other cookie', async () => {
    const { module } = await loadAnalytics(false);
    const { win, cookieWrites } = fakePage(
      'app.eu.example.co.uk',
      '_ga=GA1.1.1.2; XSRF-TOKEN=t; _ga_ABC123=GS1.1.3; _gab=1; x_ga=2; _ga_=3',
    );
    const analytics = module.createGtagAnalytics('G-ABC123', win);
    expect(cookieWrites).toEqual([]);
    analytics.consent('denied');
    const expired = (name: string) =>
      [
        '',
        '; Domain=app.eu.example.co.uk',
        '; Domain=eu.example.co.uk',
        '; Domain=example.co.uk',
        '; Domain=co.uk',
      ].map((domain) => `${name}=; Max-Age=0; Path=/${domain}`);
    expect(cookieWrites).toEqual([...expired('_ga'), ...expired('_ga_ABC123')]);
  });

  it('on an address without a domain (127.0.0.1, [::1], localhost) deletes them for the host only', async () => {
    const { module } = await loadAnalytics(false);
    for (const hostname of ['127.0.0.1', '[::1]', 'localhost']) {
      const { win, cookieWrites } = fakePage(hostname, '_ga=GA1.1.1.2');
      module.createGtagAnalytics('G-ABC123', win).consent('denied');
      expect(cookieWrites, hostname).toEqual(['_ga=; Max-Age=0; Path=/']);
    }
  });
});
