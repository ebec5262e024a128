import type { ReadonlySignal } from '@preact/signals-react';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '../config/constants';
import { env } from '../config/env';
import type { LoadedMessages } from './load-messages';
import { LANGUAGE_INFO } from './languages';

const warnedKeys = new Set<string>();
const quiet = env.production || env.test;

/** `{price, number, currency}` and `formatNumber(x, { format: 'currency' })` use the default currency. */
const INTL_FORMATS: IntlConfig['formats'] = {
  number: { currency: { style: 'currency', currency: DEFAULT_CURRENCY } },
};

/** Missing keys fall back silently in production; in development each is logged once. */
const onIntlError: IntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION') {
    if (quiet || warnedKeys.has(error.message)) return;
    warnedKeys.add(error.message);
    console.warn(error.message);
    return;
  }
  console.error(error);
};

const onIntlWarn: IntlConfig['onWarn'] = (warning) => {
  if (!quiet) console.warn(warning);
};

/**
 * The messages to render with. The first ones mount the whole app: as a transition, React splits
 * that render into short tasks instead of one long one that blocks a phone's main thread. Later
 * language changes apply at once, in step with `<html lang dir>`.
 */
function useActiveMessages(messages: ReadonlySignal<LoadedMessages | null>): LoadedMessages | null {
  const [loaded, setLoaded] = useState(() => messages.peek());
  const shown = useRef(loaded !== null);
  useEffect(
    () =>
      messages.subscribe((next) => {
        if (shown.current) {
          setLoaded(next);
          return;
        }
        shown.current = next !== null;
        startTransition(() => setLoaded(next));
      }),
    [messages],
  );
  return loaded;
}

/** The same language without errors: the same text, so nothing needs to render again. */
const sameText = (a: LoadedMessages, b: LoadedMessages | null) =>
  b !== null && a.language === b.language && a.errors.length === 0 && b.errors.length === 0;

/**
 * Renders nothing until the first messages arrive, so no raw keys ever flash on screen. A
 * prerendered page is hydrated with the prerender's English (`snapshot`), then shows the chosen
 * language once it has arrived; `onShown` runs when the chosen language's text is on screen.
 */
export function AppIntlProvider({
  messages,
  snapshot = null,
  onShown,
  children,
}: {
  messages: ReadonlySignal<LoadedMessages | null>;
  snapshot?: LoadedMessages | null;
  onShown?: () => void;
  children: ReactNode;
}) {
  const live = useActiveMessages(messages);
  // Hydration renders the snapshot; the live messages follow as a transition, in short tasks.
  const [hydrated, setHydrated] = useState(snapshot === null);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  const loaded = hydrated && live && !sameText(live, snapshot) ? live : (snapshot ?? live);
  useLayoutEffect(() => {
    if (hydrated && live) onShown?.();
  }, [hydrated, live, onShown]);
  if (!loaded) return null;
  return (
    <IntlProvider
      locale={LANGUAGE_INFO[loaded.language].locale}
      defaultLocale={DEFAULT_LOCALE}
      formats={INTL_FORMATS}
      messages={loaded.messages}
      onError={onIntlError}
      onWarn={onIntlWarn}
    >
      {children}
    </IntlProvider>
  );
}
