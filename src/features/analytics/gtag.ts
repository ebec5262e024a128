import { GA_ID_PATTERN } from '../../config/parse-env';
import { APP_POLICIES } from '../../config/trusted-types.mjs';
import { createPolicy, toSink } from '../../lib/trusted-types';
import { deleteAnalyticsCookies } from './analytics-cookies';
import { createDataLayer } from './data-layer';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const gtagScriptUrl = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;

/** Only the exact gtag.js URL of a measurement id may become a script: no other host, path or parameter. */
function onlyGtagUrl(url: string): string {
  const prefix = gtagScriptUrl('');
  const id = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  if (GA_ID_PATTERN.test(id) && url === gtagScriptUrl(id)) return url;
  throw new TypeError(`Refused as a script URL: ${JSON.stringify(url)}`);
}

const policy = createPolicy(APP_POLICIES.analytics, { createScriptURL: onlyGtagUrl });

export interface Analytics {
  event(name: string, params: object): void;
  consent(analytics: 'granted' | 'denied'): void;
  loadScript(): void;
}

const ALL_DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};

// The gtag snippet as code, not an inline script the CSP would refuse; the app reports its own page views.
export function createGtagAnalytics(id: string, win: Window = window): Analytics {
  const dataLayer = createDataLayer(win);
  const gtag: Gtag = function gtag() {
    // gtag.js expects the Arguments object itself, not an array copy.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag = gtag;
  gtag('consent', 'default', ALL_DENIED);
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false });
  let settled: Promise<void> | null = null;
  const forget = () => deleteAnalyticsCookies(win.document, win.location.hostname);
  return {
    event: (name, params) => gtag('event', name, params),
    consent(analytics) {
      if (analytics === 'granted') dataLayer.attach();
      gtag('consent', 'update', { analytics_storage: analytics });
      if (analytics === 'granted') return;
      dataLayer.detach(settled);
      forget();
      // gtag.js still on its way would set its cookies again when it runs.
      void settled?.then(forget);
    },
    loadScript() {
      if (settled) return;
      const url = gtagScriptUrl(id);
      const src = policy ? policy.createScriptURL(url) : onlyGtagUrl(url);
      const script = win.document.createElement('script');
      settled = new Promise((done) => {
        script.onload = script.onerror = () => done();
      });
      script.async = true;
      script.src = toSink(src);
      win.document.head.append(script);
    },
  };
}

export function createConsoleAnalytics(): Analytics {
  return {
    event: (name, params) => console.info(`[analytics] ${name}`, params),
    consent: (analytics) => console.info('[analytics] consent', analytics),
    loadScript: () => {},
  };
}
