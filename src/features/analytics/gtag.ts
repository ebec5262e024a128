import { GA_ID_PATTERN } from '../../config/parse-env';
import { APP_POLICIES } from '../../config/trusted-types.mjs';
import { createPolicy, toSink } from '../../lib/trusted-types';

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
  const dataLayer = (win.dataLayer ??= []);
  const gtag: Gtag = function gtag() {
    // gtag.js expects the Arguments object itself, not an array copy.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag = gtag;
  gtag('consent', 'default', ALL_DENIED);
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false });
  let loaded = false;
  return {
    event: (name, params) => gtag('event', name, params),
    consent: (analytics) => gtag('consent', 'update', { analytics_storage: analytics }),
    loadScript() {
      if (loaded) return;
      const url = gtagScriptUrl(id);
      const src = policy ? policy.createScriptURL(url) : onlyGtagUrl(url);
      loaded = true;
      const script = win.document.createElement('script');
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
