import { computed, createModel, signal, type ReadonlySignal } from '@preact/signals-react';
import { DEFAULT_LANGUAGE, TRANSLATING_CLASS, type Language } from '../config/constants';
import { runEffect } from '../lib/model-kit';
import { reportNotice } from '../lib/report';
import { htmlLang, languageDirection } from './languages';
import { createMessagesLoader, type LoadedMessages } from './load-messages';
import { I18N_NOTICES } from './notices';

export interface I18nDeps {
  /** The language the user chose (the settings' language). */
  language: ReadonlySignal<Language>;
  /** `<html>`, whose `lang` and `dir` follow the language on screen. */
  root: HTMLElement;
  load?: ReturnType<typeof createMessagesLoader>;
}

/**
 * The messages on screen: the chosen language is loaded whenever it changes (the previous one
 * stays until it has arrived), and `<html lang dir>` follow what is shown. A file that fails to
 * load falls back to English with one warning notice; the error itself goes to the console only.
 */
export const I18nModel = createModel(({ language, root, load = createMessagesLoader() }: I18nDeps) => {
  const messages = signal<LoadedMessages | null>(null);
  // Only a new language reloads: another setting must not refetch a failed file or warn again.
  const wanted = computed(() => language.value);

  runEffect('load messages', () => {
    const next = wanted.value;
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
    root.lang = htmlLang(shown);
    root.dir = languageDirection(shown);
  });

  /** English as the prerendered pages show it, to hydrate them with (the file is fetched once). */
  const english = () => load(DEFAULT_LANGUAGE);
  /** The chosen language's text is on screen: the boot script's hiding of the prerendered text ends. */
  const textShown = () => root.classList.remove(TRANSLATING_CLASS);

  return { messages, english, textShown };
});

export type I18nModel = InstanceType<typeof I18nModel>;
