import type { ReadonlySignal } from '@preact/signals-react';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '../config/constants';
import { env } from '../config/env';
import type { LoadedMessages } from './load-messages';
import { LANGUAGE_INFO } from './languages';

const warnedKeys = new Set<string>();
const quiet = env.production || env.test;

const INTL_FORMATS: IntlConfig['formats'] = {
  number: { currency: { style: 'currency', currency: DEFAULT_CURRENCY } },
};

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

// The first messages mount the whole app: as a transition, in short tasks. Later ones apply at once, with <html lang>.
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

const sameText = (a: LoadedMessages, b: LoadedMessages | null) =>
  b !== null && a.language === b.language && a.errors.length === 0 && b.errors.length === 0;

/** Nothing until the first messages arrive, so no raw key ever flashes; a prerendered page hydrates with `snapshot`. */
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
      // Plurals stay text (compile-messages.ts): only usePluralT formats them, compiling them itself.
      messages={(loaded.compiled ?? loaded.messages) as Record<string, string>}
      onError={onIntlError}
      onWarn={onIntlWarn}
    >
      {children}
    </IntlProvider>
  );
}
