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
