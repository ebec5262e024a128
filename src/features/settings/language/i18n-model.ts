import { createModel, signal, type ReadonlySignal } from '@preact/signals-react';
import { DEFAULT_LANGUAGE, TRANSLATING_CLASS, type Language } from '../../../config/constants';
import { runEffect } from '../../../lib/model-kit';
import { reportNotice } from '../../../lib/notice-bus';
import { htmlLang, languageDirection } from '../../../i18n/languages';
import { createMessagesLoader, type LoadedMessages } from '../../../i18n/load-messages';
import { I18N_NOTICES } from './language-notices';
import { runningSlot } from '../../../lib/running-slot';

export interface I18nDeps {
  language: ReadonlySignal<Language>;
  root: HTMLElement;
  load?: ReturnType<typeof createMessagesLoader>;
}

// The previous language stays until the next has arrived; a file that fails falls back to English with one notice.
export const I18nModel = createModel(({ language, root, load = createMessagesLoader() }: I18nDeps) => {
  const messages = signal<LoadedMessages | null>(null);

  runEffect('load messages', () => {
    const next = language.value;
    let current = true;
    void load(next).then((loaded) => {
      if (!current) return;
      const failed = loaded.errors.some((error) => error.language === next);
      messages.value = { ...loaded, language: failed ? DEFAULT_LANGUAGE : next };
      for (const error of loaded.errors) console.error('Translations:', error);
      if (loaded.errors.length > 0) reportNotice(I18N_NOTICES.loadFailed);
    });
    return () => {
      current = false;
    };
  });
  runEffect('document language', () => {
    const shown = messages.value?.language;
    if (!shown) return;
    // Setting lang, even to the same value, makes the browser restyle the whole page (:lang); the boot script set it.
    if (root.lang !== htmlLang(shown)) root.lang = htmlLang(shown);
    if (root.dir !== languageDirection(shown)) root.dir = languageDirection(shown);
  });

  const english = () => load(DEFAULT_LANGUAGE);
  // The boot script hid the prerendered English until the visitor's language is on screen.
  const textShown = () => root.classList.remove(TRANSLATING_CLASS);

  return { messages, english, textShown };
});

export type I18nModel = InstanceType<typeof I18nModel>;

const running = /* @__PURE__ */ runningSlot<I18nModel>('The i18n model');
export const i18n = running.get;
export const runI18n = running.run;
