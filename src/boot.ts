// The pages' inline script (build/boot-script.mjs): the stored look before the first paint, then the app.
import {
  DEFAULT_LANGUAGE,
  OTHER_PAGE_CLASS,
  SIGNED_IN_CLASS,
  STORAGE_KEYS,
  STORAGE_PREFIX,
  TRANSLATING_CLASS,
} from './config/constants';
import { htmlLang, languageDirection } from './i18n/languages';
import { keepEarlyInput, pathHere } from './lib/early-input';
import { createPolicy, toSink } from './lib/trusted-types';
import { sanitizeSettings, visitorDefaults } from './features/settings/settings-fields';
import { showTextSize } from './features/settings/text-size';
import { effectiveTheme, showTheme } from './features/settings/theme';

// If the app never shows the visitor's language or page (its script failed), the page as built shows after all.
const REVEAL_AFTER_MS = 5000;

export interface BootStart {
  entry?: string;
  modules?: string[];
  renderer?: string[];
  pages: Record<string, string[]>;
  manifest?: string;
  translations?: string;
  startAfterMs?: number;
  intlWarmUp?: string;
  policy?: string;
}

function stored(key: string): unknown {
  try {
    const text = localStorage.getItem(`${STORAGE_PREFIX}${key}`);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function showStoredLook(html: HTMLElement): string | null {
  // Only a hint, as for the app: the prerendered Login hides from a visitor who was signed in (app.css).
  if ((stored(STORAGE_KEYS.auth) as { isAuthenticated?: unknown } | null)?.isAuthenticated === true) {
    html.classList.add(SIGNED_IN_CLASS);
  }
  try {
    const settings = sanitizeSettings(stored(STORAGE_KEYS.settings), visitorDefaults(navigator.languages ?? [])).value;
    const { language } = settings;
    const dark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
    showTheme(html, effectiveTheme(settings, { hour: () => new Date().getHours(), dark }));
    showTextSize(html, settings.textSize);
    html.lang = htmlLang(language);
    html.dir = languageDirection(language);
    if (language !== DEFAULT_LANGUAGE) {
      html.classList.add(TRANSLATING_CLASS);
      setTimeout(() => html.classList.remove(TRANSLATING_CLASS), REVEAL_AFTER_MS);
    }
    return language;
  } catch {
    // The page as built (default theme, English) is still a page; the app corrects it when it runs.
    return null;
  }
}

function hideOtherPage(html: HTMLElement, path: string): void {
  const builtFor = html.dataset.page;
  if (builtFor === undefined || builtFor === path) return;
  html.classList.add(OTHER_PAGE_CLASS);
  setTimeout(() => html.classList.remove(OTHER_PAGE_CLASS), REVEAL_AFTER_MS);
}

export function boot(start: BootStart): void {
  keepEarlyInput();
  const language = showStoredLook(document.documentElement);
  const translating = language !== null && language !== DEFAULT_LANGUAGE;
  const path = pathHere();
  hideOtherPage(document.documentElement, path);
  const chunks = Object.hasOwn(start.pages, path) ? (start.pages[path] ?? []) : [];
  const preload = (href: string, as: 'script' | 'fetch') => {
    const link = document.createElement('link');
    if (as === 'script') link.rel = 'modulepreload';
    else {
      link.rel = 'preload';
      link.as = as;
    }
    // The app fetches both in CORS mode (module scripts, and fetch() of translations).
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
    return new Promise((settled) => {
      link.onload = link.onerror = settled;
    });
  };
  let begun = false;
  const begin = () => {
    if (begun) return;
    begun = true;
    // Only after the paint: Lighthouse counts a script that arrives before it as render-blocking, at any priority.
    if (start.entry) void preload(start.entry, 'script');
    const small = [...(start.modules ?? []), ...chunks].map((href) => preload(href, 'script'));
    if (start.translations) {
      small.push(preload(start.translations, 'fetch'));
      if (translating) small.push(preload(start.translations.replace(/en\.json$/, `${language}.json`), 'fetch'));
    }
    // The renderer (most of the bytes) once the small files are in: the entry arrives first and runs meanwhile.
    void Promise.all(small).then(() => start.renderer?.forEach((href) => void preload(href, 'script')));
    if (start.manifest) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = start.manifest;
      document.head.append(link);
    }
    if (start.entry) {
      import(/* @vite-ignore */ start.entry).catch((error: unknown) => console.error('Snxt failed to load', error));
    }
    const { intlWarmUp } = start;
    if (intlWarmUp && typeof Worker === 'function') {
      try {
        const policy = createPolicy(start.policy ?? '', {
          createScriptURL: (url) => {
            if (url !== intlWarmUp) throw new TypeError(`Not the locale warm-up: ${url}`);
            return url;
          },
        });
        new Worker(policy ? toSink(policy.createScriptURL(intlWarmUp)) : intlWarmUp);
      } catch {
        // Without the worker the app builds the locale data itself.
      }
    }
  };
  // Neither a hidden tab nor text waiting for its translation paints: no first contentful paint to wait for.
  const paintTimingKnown =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') begin();
  else if (translating || !paintTimingKnown) requestAnimationFrame(() => setTimeout(begin));
  else {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(begin);
    }).observe({ type: 'paint', buffered: true });
    // A paint that never comes (a tab hidden meanwhile) does not keep the app from starting.
    setTimeout(begin, start.startAfterMs ?? 2000);
  }
}
